import { writeFileSync } from 'node:fs';
import bwip, { type RenderOptions } from 'bwip-js/node';
import { PNG } from 'pngjs';
import { expect } from '@playwright/test';

/**
 * A video for Chromium's fake camera (`--use-file-for-fake-video-capture`): one barcode drawn by bwip-js, black on a
 * white 640 × 480 picture, as Y4M (YUV 4:2:0) frames.
 */
export async function barcodeVideo(options: RenderOptions, path: string): Promise<void> {
  const png = PNG.sync.read(await bwip.toBuffer({ scale: 3, height: 18, paddingheight: 6, ...options }));
  const width = 640;
  const height = 480;
  expect(png.width).toBeLessThanOrEqual(width);
  const luma = Buffer.alloc(width * height, 255);
  const left = Math.floor((width - png.width) / 2);
  const top = Math.floor((height - png.height) / 2);
  for (let y = 0; y < png.height; y += 1) {
    for (let x = 0; x < png.width; x += 1) {
      const i = (y * png.width + x) * 4;
      const alpha = png.data[i + 3]! / 255;
      const grey = png.data[i]! * 0.299 + png.data[i + 1]! * 0.587 + png.data[i + 2]! * 0.114;
      luma[(top + y) * width + left + x] = Math.round(grey * alpha + 255 * (1 - alpha));
    }
  }
  const chroma = Buffer.alloc((width / 2) * (height / 2), 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`);
  writeFileSync(path, Buffer.concat([header, ...Array.from({ length: 5 }, () => frame)]));
}
