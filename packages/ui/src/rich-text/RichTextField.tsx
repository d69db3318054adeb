import 'draft-js/dist/Draft.css';
import './content.css';
import './editor.css';
import {
  CompositeDecorator,
  Editor,
  EditorState,
  Modifier,
  RichUtils,
  getDefaultKeyBinding,
  type ContentBlock,
  type ContentState,
  type DraftEditorCommand,
  type DraftHandleValue,
} from 'draft-js';
import {
  AlignCenter,
  AlignJustify,
  AlignLeft,
  AlignRight,
  Baseline,
  Bold,
  Highlighter,
  ImagePlus,
  IndentDecrease,
  IndentIncrease,
  Italic,
  Link as LinkIcon,
  List,
  ListOrdered,
  Quote,
  Redo2,
  RemoveFormatting,
  Strikethrough,
  Underline,
  Undo2,
  Unlink,
} from 'lucide-react';
import {
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ChangeEvent,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { indentClass } from '@inventory/contract/rich-text';
import { Button } from '../button/Button';
import { cn } from '../lib/cn';
import {
  ALIGNMENTS,
  BACKGROUND_COLORS,
  FONTS,
  HEADINGS,
  IMAGE_TYPES,
  MAX_IMAGE_BYTES,
  MAX_INDENT,
  SIZES,
  TEXT_COLORS,
  type Alignment,
} from './constants';
import {
  BG_PREFIX,
  COLOR_PREFIX,
  FONT_PREFIX,
  SIZE_PREFIX,
  customStyleFn,
  sanitizeImageSrc,
  sanitizeLinkUrl,
} from './format';
import { canRedo, canUndo, recordChange, redo, undo, type HistoryClock } from './history';
import { IMAGE, LINK, editorStateToHtml, htmlToContent, isListType, type ImageData, type LinkData } from './html';
import {
  applyLink,
  blockAlignment,
  blockLevel,
  changeIndent,
  clean,
  currentBlock,
  exclusiveStyleValue,
  insertImage,
  linkAtSelection,
  removeLink,
  setAlignment,
  setBlockType,
  setExclusiveStyle,
  toggleBlockType,
  toggleInlineStyle,
} from './ops';
import { ColorPicker, Separator, ToolButton, ToolSelect, keepEditorFocus, useRovingToolbar } from './Toolbar';

export interface RichTextFieldProps {
  label: string;
  /** The content as HTML (see html.ts for the format); '' when empty. */
  value: string;
  /** Called with the new HTML after each change ('' when the field is emptied). */
  onChange: (html: string) => void;
  error?: string;
  hint?: string;
  placeholder?: string;
  id?: string;
  disabled?: boolean;
  /** The clock of the undo history (merging window); tests pass a fake one. */
  now?: () => number;
  className?: string;
}

/* ------------------------------------------------------------- rendering */

function LinkSpan({
  contentState,
  entityKey,
  children,
}: {
  contentState: ContentState;
  entityKey: string;
  children?: ReactNode;
}) {
  const url = sanitizeLinkUrl((contentState.getEntity(entityKey).getData() as LinkData).url);
  return (
    <a href={url || undefined} title={url || 'No address'} data-rt-link="">
      {children}
    </a>
  );
}

const decorator = new CompositeDecorator([
  {
    strategy: (block, callback, contentState) =>
      block.findEntityRanges((c) => {
        const key = c.getEntity();
        return key !== null && contentState.getEntity(key).getType() === LINK;
      }, callback),
    component: LinkSpan,
  },
]);

function ImageBlock({ block, contentState }: { block: ContentBlock; contentState: ContentState }) {
  const key = block.getEntityAt(0);
  if (!key) return null;
  const entity = contentState.getEntity(key);
  if (entity.getType() !== IMAGE) return null;
  const { src, alt } = entity.getData() as ImageData;
  const safe = sanitizeImageSrc(src);
  return safe ? <img src={safe} alt={alt} className="my-2 block h-auto max-w-full" /> : null;
}

function blockRendererFn(block: ContentBlock) {
  return block.getType() === 'atomic' ? { component: ImageBlock, editable: false } : null;
}

function blockStyleFn(block: ContentBlock): string {
  const classes: string[] = [];
  const align = blockAlignment(block);
  if (align !== 'left') classes.push(`rt-align-${align}`);
  if (!isListType(block.getType())) {
    const level = blockLevel(block);
    if (level > 0) classes.push(indentClass(level));
  }
  return classes.join(' ');
}

const UNDO_COMMAND = 'rich-text-undo';
const REDO_COMMAND = 'rich-text-redo';

function keyBindingFn(event: KeyboardEvent): DraftEditorCommand | string | null {
  const mod = event.ctrlKey || event.metaKey;
  if (mod && !event.altKey) {
    const key = event.key.toLowerCase();
    // Not 'undo'/'redo': draft-js runs its own undo for the 'undo' command before handleKeyCommand sees it.
    if (key === 'z') return event.shiftKey ? REDO_COMMAND : UNDO_COMMAND;
    if (key === 'y' && !event.shiftKey) return REDO_COMMAND;
    if (key === 'b' && !event.shiftKey) return 'bold';
    if (key === 'i' && !event.shiftKey) return 'italic';
    if (key === 'u' && !event.shiftKey) return 'underline';
  }
  return getDefaultKeyBinding(event);
}

const ALIGN_ICONS: Record<Alignment, ReactNode> = {
  left: <AlignLeft />,
  center: <AlignCenter />,
  right: <AlignRight />,
  justify: <AlignJustify />,
};
const ALIGN_LABELS: Record<Alignment, string> = {
  left: 'Align left',
  center: 'Align centre',
  right: 'Align right',
  justify: 'Justify',
};

function createState(html: string): EditorState {
  return EditorState.createWithContent(htmlToContent(html), decorator);
}

/* ------------------------------------------------------------- the field */

/**
 * The rich-text field (draft-js): HTML in (`value`) and out (`onChange`), a formatting toolbar, links limited to
 * http/https/mailto/tel, embedded images, and an undo history of 100 steps merging changes within 1000 ms.
 */
export function RichTextField({
  label,
  value,
  onChange,
  error,
  hint,
  placeholder,
  id,
  disabled = false,
  now = Date.now,
  className,
}: RichTextFieldProps) {
  const autoId = useId();
  const baseId = id ?? `rich-text-${autoId.replace(/:/g, '')}`;
  const labelId = `${baseId}-label`;
  const hintId = `${baseId}-hint`;
  const errorId = `${baseId}-error`;
  const problemId = `${baseId}-problem`;
  const linkInputId = `${baseId}-link`;

  const [editorState, setEditorState] = useState(() => createState(value));
  const stateRef = useRef(editorState);
  const lastHtml = useRef(value);
  const clock = useRef<HistoryClock>({ stepStartedAt: null });
  const editorRef = useRef<Editor>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const nowRef = useRef(now);
  nowRef.current = now;
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  /** Local problems (a refused image, a blanked link), shown under the field. */
  const [problem, setProblem] = useState('');
  const [linkOpen, setLinkOpen] = useState(false);
  const [linkDraft, setLinkDraft] = useState('');

  // A value from outside (not the echo of our own onChange) replaces the content and starts a new history.
  useEffect(() => {
    if (value === lastHtml.current) return;
    lastHtml.current = value;
    const next = createState(value);
    clock.current.stepStartedAt = null;
    stateRef.current = next;
    setEditorState(next);
  }, [value]);

  /** Every state change goes through here: undo history rule, then the HTML out when the content changed. */
  const commit = useCallback((next: EditorState, record = true) => {
    const prev = stateRef.current;
    const state = record ? recordChange(prev, next, nowRef.current(), clock.current) : next;
    stateRef.current = state;
    setEditorState(state);
    if (prev.getCurrentContent() !== state.getCurrentContent()) {
      const html = editorStateToHtml(state);
      if (html !== lastHtml.current) {
        lastHtml.current = html;
        onChangeRef.current(html);
      }
    }
  }, []);

  const apply = useCallback(
    (op: (state: EditorState) => EditorState) => {
      if (disabled) return;
      commit(op(stateRef.current));
    },
    [commit, disabled],
  );

  const doUndo = useCallback(() => commit(undo(stateRef.current, clock.current), false), [commit]);
  const doRedo = useCallback(() => commit(redo(stateRef.current, clock.current), false), [commit]);

  const handleKeyCommand = useCallback(
    (command: string, state: EditorState): DraftHandleValue => {
      switch (command) {
        case UNDO_COMMAND:
        case 'undo':
          doUndo();
          return 'handled';
        case REDO_COMMAND:
        case 'redo':
          doRedo();
          return 'handled';
        case 'bold':
          commit(toggleInlineStyle(state, 'BOLD'));
          return 'handled';
        case 'italic':
          commit(toggleInlineStyle(state, 'ITALIC'));
          return 'handled';
        case 'underline':
          commit(toggleInlineStyle(state, 'UNDERLINE'));
          return 'handled';
        case 'strikethrough':
          commit(toggleInlineStyle(state, 'STRIKETHROUGH'));
          return 'handled';
        case 'code':
          return 'handled';
        default: {
          const next = RichUtils.handleKeyCommand(state, command);
          if (next) {
            commit(next);
            return 'handled';
          }
          return 'not-handled';
        }
      }
    },
    [commit, doRedo, doUndo],
  );

  // draft-js drops the textbox role and has no aria-invalid / aria-disabled: set them on its editable element.
  useLayoutEffect(() => {
    const editable = rootRef.current?.querySelector('.public-DraftEditor-content');
    if (!editable) return;
    editable.id = baseId;
    editable.setAttribute('role', 'textbox');
    if (error) editable.setAttribute('aria-invalid', 'true');
    else editable.removeAttribute('aria-invalid');
    if (disabled) editable.setAttribute('aria-disabled', 'true');
    else editable.removeAttribute('aria-disabled');
  });

  // After React has rendered the latest state: draft-js's focus() re-applies the state of its current props.
  const focusEditor = () => setTimeout(() => editorRef.current?.focus(), 0);

  /* ----- links */
  const openLink = () => {
    setLinkDraft(linkAtSelection(stateRef.current)?.url ?? '');
    setLinkOpen(true);
  };
  const linkInputRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (linkOpen) linkInputRef.current?.focus();
  }, [linkOpen]);
  const closeLink = () => {
    setLinkOpen(false);
    focusEditor();
  };
  const submitLink = () => {
    const raw = linkDraft.trim();
    if (!raw) {
      closeLink();
      return;
    }
    const url = sanitizeLinkUrl(raw);
    setProblem(url ? '' : 'Only http, https, mailto and tel addresses are kept: the link has no address.');
    apply((state) => applyLink(state, url, raw));
    setLinkOpen(false);
    focusEditor();
  };

  /* ----- images */
  const insertImageFile = (file: File) => {
    if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) {
      setProblem('Only JPEG, PNG, GIF or WebP images can be inserted.');
      return;
    }
    if (file.size > MAX_IMAGE_BYTES) {
      setProblem(`Images must be ${Math.round(MAX_IMAGE_BYTES / 1024 / 1024)} MB or smaller.`);
      return;
    }
    const reader = new FileReader();
    reader.onload = () => {
      const src = sanitizeImageSrc(typeof reader.result === 'string' ? reader.result : '');
      if (!src) {
        setProblem('This image could not be read.');
        return;
      }
      setProblem('');
      apply((state) => insertImage(state, src));
    };
    reader.onerror = () => setProblem('This image could not be read.');
    reader.readAsDataURL(file);
  };
  const onImage = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    input.value = '';
    if (file) insertImageFile(file);
  };
  /** Files dropped or pasted into the editor: the first image is embedded like one chosen with the button. */
  const handleFiles = (files: Blob[]): DraftHandleValue => {
    const file = files[0];
    if (!disabled && file instanceof File) insertImageFile(file);
    return 'handled';
  };
  /** Pasted HTML goes through the field's own reader: same formats, same link and image rules. */
  const handlePastedText = (_text: string, html: string | undefined, state: EditorState): DraftHandleValue => {
    if (!html || disabled) return 'not-handled';
    try {
      const fragment = htmlToContent(html).getBlockMap();
      const content = Modifier.replaceWithFragment(state.getCurrentContent(), state.getSelection(), fragment);
      commit(EditorState.push(state, content, 'insert-fragment'));
      return 'handled';
    } catch {
      return 'not-handled';
    }
  };

  /* ----- toolbar state */
  const roving = useRovingToolbar();
  const inlineStyle = editorState.getCurrentInlineStyle();
  const block = currentBlock(editorState);
  const blockType = block.getType();
  const level = blockLevel(block);
  const align = blockAlignment(block);
  const headingValue = HEADINGS.some((h) => h.type === blockType) ? blockType : 'unstyled';
  const hasLink = useMemo(() => linkAtSelection(editorState) !== null, [editorState]);

  const describedBy = [hint ? hintId : '', error ? errorId : '', problem ? problemId : ''].filter(Boolean).join(' ');

  return (
    <div className={cn('flex flex-col gap-1.5', className)} ref={rootRef}>
      <div id={labelId} className="text-sm font-medium text-ink" onClick={focusEditor}>
        {label}
      </div>
      <div
        className={cn(
          'rounded border bg-surface',
          error ? 'border-danger' : 'border-line-strong',
          disabled && 'cursor-not-allowed bg-surface-muted opacity-80',
        )}
      >
        <div
          role="toolbar"
          {...roving}
          aria-label={`${label} formatting`}
          aria-controls={baseId}
          className="flex flex-wrap items-center gap-0.5 border-b border-line p-1"
        >
          <ToolSelect
            label="Text style"
            value={headingValue}
            disabled={disabled}
            options={HEADINGS.map((h) => ({ value: h.type, label: h.label }))}
            onChange={(type) => apply((s) => setBlockType(s, type))}
          />
          <ToolSelect
            label="Font"
            value={exclusiveStyleValue(inlineStyle, FONT_PREFIX)}
            disabled={disabled}
            options={FONTS}
            onChange={(font) => apply((s) => setExclusiveStyle(s, FONT_PREFIX, font ? FONT_PREFIX + font : null))}
          />
          <ToolSelect
            label="Size"
            value={exclusiveStyleValue(inlineStyle, SIZE_PREFIX)}
            disabled={disabled}
            options={SIZES}
            onChange={(size) => apply((s) => setExclusiveStyle(s, SIZE_PREFIX, size ? SIZE_PREFIX + size : null))}
          />
          <Separator />
          <ToolButton label="Bold" pressed={inlineStyle.has('BOLD')} disabled={disabled} onClick={() => apply((s) => toggleInlineStyle(s, 'BOLD'))}>
            <Bold />
          </ToolButton>
          <ToolButton label="Italic" pressed={inlineStyle.has('ITALIC')} disabled={disabled} onClick={() => apply((s) => toggleInlineStyle(s, 'ITALIC'))}>
            <Italic />
          </ToolButton>
          <ToolButton label="Underline" pressed={inlineStyle.has('UNDERLINE')} disabled={disabled} onClick={() => apply((s) => toggleInlineStyle(s, 'UNDERLINE'))}>
            <Underline />
          </ToolButton>
          <ToolButton label="Strikethrough" pressed={inlineStyle.has('STRIKETHROUGH')} disabled={disabled} onClick={() => apply((s) => toggleInlineStyle(s, 'STRIKETHROUGH'))}>
            <Strikethrough />
          </ToolButton>
          <ToolButton label="Quote" pressed={blockType === 'blockquote'} disabled={disabled} onClick={() => apply((s) => toggleBlockType(s, 'blockquote'))}>
            <Quote />
          </ToolButton>
          <ColorPicker
            label="Text colour"
            icon={<Baseline />}
            colors={TEXT_COLORS}
            value={exclusiveStyleValue(inlineStyle, COLOR_PREFIX)}
            disabled={disabled}
            onPick={(c) => apply((s) => setExclusiveStyle(s, COLOR_PREFIX, c ? COLOR_PREFIX + c : null))}
          />
          <ColorPicker
            label="Background colour"
            icon={<Highlighter />}
            colors={BACKGROUND_COLORS}
            value={exclusiveStyleValue(inlineStyle, BG_PREFIX)}
            disabled={disabled}
            onPick={(c) => apply((s) => setExclusiveStyle(s, BG_PREFIX, c ? BG_PREFIX + c : null))}
          />
          <Separator />
          {ALIGNMENTS.map((a) => (
            <ToolButton key={a} label={ALIGN_LABELS[a]} pressed={align === a} disabled={disabled} onClick={() => apply((s) => setAlignment(s, a))}>
              {ALIGN_ICONS[a]}
            </ToolButton>
          ))}
          <Separator />
          <ToolButton label="Bulleted list" pressed={blockType === 'unordered-list-item'} disabled={disabled} onClick={() => apply((s) => toggleBlockType(s, 'unordered-list-item'))}>
            <List />
          </ToolButton>
          <ToolButton label="Numbered list" pressed={blockType === 'ordered-list-item'} disabled={disabled} onClick={() => apply((s) => toggleBlockType(s, 'ordered-list-item'))}>
            <ListOrdered />
          </ToolButton>
          <ToolButton label="Decrease indent" disabled={disabled || level <= 0} onClick={() => apply((s) => changeIndent(s, -1))}>
            <IndentDecrease />
          </ToolButton>
          <ToolButton label="Increase indent" disabled={disabled || level >= MAX_INDENT} onClick={() => apply((s) => changeIndent(s, 1))}>
            <IndentIncrease />
          </ToolButton>
          <Separator />
          <ToolButton label="Link" pressed={hasLink} expanded={linkOpen} controls={`${linkInputId}-group`} disabled={disabled} onClick={linkOpen ? closeLink : openLink}>
            <LinkIcon />
          </ToolButton>
          <ToolButton label="Remove link" disabled={disabled || !hasLink} onClick={() => apply(removeLink)}>
            <Unlink />
          </ToolButton>
          <label
            title="Insert image"
            className={cn(
              'inline-flex size-8 items-center justify-center rounded text-ink hover:bg-brand-50 [&_svg]:size-5',
              'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600',
              disabled ? 'cursor-not-allowed opacity-60' : 'cursor-pointer',
            )}
          >
            <ImagePlus aria-hidden="true" />
            <span className="sr-only">Insert image</span>
            <input
              type="file"
              accept={IMAGE_TYPES.join(',')}
              className="sr-only"
              data-toolbar-item=""
              disabled={disabled}
              onChange={onImage}
            />
          </label>
          <ToolButton label="Clear formatting" disabled={disabled} onClick={() => apply(clean)}>
            <RemoveFormatting />
          </ToolButton>
          <Separator />
          <ToolButton label="Undo" disabled={disabled || !canUndo(editorState)} onClick={doUndo}>
            <Undo2 />
          </ToolButton>
          <ToolButton label="Redo" disabled={disabled || !canRedo(editorState)} onClick={doRedo}>
            <Redo2 />
          </ToolButton>
        </div>
        {linkOpen ? (
          <div
            id={`${linkInputId}-group`}
            role="group"
            aria-label="Link"
            className="flex flex-wrap items-end gap-2 border-b border-line p-2"
            onKeyDown={(e) => {
              if (e.key === 'Escape') {
                e.preventDefault();
                closeLink();
              }
            }}
          >
            <div className="flex min-w-48 flex-1 flex-col gap-1">
              <label htmlFor={linkInputId} className="text-sm font-medium text-ink">
                Link address
              </label>
              <input
                id={linkInputId}
                ref={linkInputRef}
                type="text"
                inputMode="url"
                autoComplete="url"
                placeholder="https://"
                aria-describedby={`${linkInputId}-hint`}
                value={linkDraft}
                onChange={(e) => setLinkDraft(e.target.value)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter') {
                    e.preventDefault(); // never submit the form around the field
                    submitLink();
                  }
                }}
                className="h-9 rounded border border-line-strong bg-surface px-2 text-sm text-ink focus-visible:outline-2 focus-visible:outline-brand-600"
              />
              <span id={`${linkInputId}-hint`} className="text-xs text-ink-muted">
                http, https, mailto or tel addresses only.
              </span>
            </div>
            <Button size="sm" onMouseDown={keepEditorFocus} onClick={submitLink}>
              Apply link
            </Button>
            <Button size="sm" variant="secondary" onMouseDown={keepEditorFocus} onClick={closeLink}>
              Cancel
            </Button>
          </div>
        ) : null}
        <div
          className={cn(
            'rt-editor rich-text-content px-3 py-2 text-base text-ink',
            'rounded-b focus-within:outline-2 focus-within:-outline-offset-2',
            error ? 'focus-within:outline-danger' : 'focus-within:outline-brand-600',
          )}
        >
          <Editor
            ref={editorRef}
            editorKey={baseId}
            editorState={editorState}
            onChange={commit}
            readOnly={disabled}
            placeholder={placeholder}
            ariaLabelledBy={labelId}
            ariaDescribedBy={describedBy ? `${describedBy} {{editor_id_placeholder}}` : '{{editor_id_placeholder}}'}
            ariaMultiline
            handleKeyCommand={handleKeyCommand}
            handlePastedText={handlePastedText}
            handlePastedFiles={handleFiles}
            handleDroppedFiles={(_selection, files) => handleFiles(files)}
            keyBindingFn={keyBindingFn}
            customStyleFn={customStyleFn}
            blockStyleFn={blockStyleFn}
            blockRendererFn={blockRendererFn}
            spellCheck
            stripPastedStyles={false}
            webDriverTestID={baseId}
          />
        </div>
      </div>
      {hint ? (
        <p id={hintId} className="m-0 text-sm text-ink-muted">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="m-0 text-sm text-danger">
          {error}
        </p>
      ) : null}
      <p id={problemId} role="status" className={cn('m-0 text-sm text-danger', !problem && 'sr-only')}>
        {problem}
      </p>
    </div>
  );
}
