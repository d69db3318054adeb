/** Images are embedded in the content as base64 data: URLs of these types; any other source drops the image. */
export const RICH_TEXT_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
export type RichTextImageType = (typeof RICH_TEXT_IMAGE_TYPES)[number];

/** Largest image the editor embeds (bytes of the file); the description travels in one JSON body. */
export const RICH_TEXT_MAX_IMAGE_BYTES = 2 * 1024 * 1024;

const IMAGE_SRC = new RegExp(
  `^data:(?:${RICH_TEXT_IMAGE_TYPES.map((type) => type.replace('/', '\\/')).join('|')});base64,[A-Za-z0-9+/]+={0,2}$`,
);

/** True for a source the format keeps: a base64 data: URL of png, jpeg, gif or webp, exactly as given. */
export function isSafeImageSrc(raw: string | null | undefined): raw is string {
  return typeof raw === 'string' && IMAGE_SRC.test(raw);
}
