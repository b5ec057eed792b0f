import Image from "@tiptap/extension-image";
import { Placeholder } from "@tiptap/extensions";
import { type Editor, EditorContent, useEditor, useEditorState } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { type ReactNode, type SVGProps, useRef, useState } from "react";
import { apiErrorText } from "../api-error-text";
import { i18n } from "../i18n";
import { useTranslation } from "../react-i18n";
import { shrinkPicture } from "../shrink-picture";
import { AltDialog } from "./alt-dialog";
import { LinkDialog } from "./link-dialog";

// The rich text editor of both sites (the main site's posts and comments, the admin site's blog;
// docs/decisions/064): headings, lists, quotes, code, links through the link dialog, and
// pictures pasted, dropped or chosen, uploaded first (each site through its own call) so the body
// only ever points at our /media. This file and Tiptap load only where someone writes
// (lazy-editor.tsx): no other page downloads them.

export interface RichEditorProps {
  /** The HTML to start from. Later changes of this prop are ignored (the editor owns the text). */
  initial: string;
  onChange: (html: string) => void;
  label: string;
  placeholder?: string;
  autoFocus?: boolean;
  /** Shown under the editor (the counter). */
  footer?: ReactNode;
  invalid?: boolean;
}

/** What a site gives the editor: its picture upload and its snackbar. */
export interface EditorSite {
  /** Uploads a picture and answers the link to insert. */
  uploadImage: (file: File) => Promise<string>;
  /** Shows an already translated message in the site's snackbar (the shape of its showSnackbar). */
  notify: (notice: { message: string; variant: "info" | "error" }) => void;
}

/** Sets the description of the pictures whose address is `src` (the one just inserted). */
function describeImage(editor: Editor, src: string, alt: string) {
  editor
    .chain()
    .command(({ tr, state }) => {
      state.doc.descendants((node, pos) => {
        if (node.type.name === "image" && node.attrs.src === src)
          tr.setNodeMarkup(pos, undefined, { ...node.attrs, alt });
      });
      return true;
    })
    .run();
}

async function insertImages(
  editor: Editor,
  files: File[],
  site: EditorSite,
  askAlt: (src: string) => void = () => {},
) {
  for (const chosen of files) {
    site.notify({ message: i18n.t("Uploading started... It can take a few seconds."), variant: "info" });
    try {
      const file = await shrinkPicture(chosen);
      const link = await site.uploadImage(file);
      editor.chain().focus().setImage({ src: link, alt: "" }).run();
      // The file's name describes nothing: the person is asked what the picture shows.
      askAlt(link);
    } catch (error) {
      const reason = apiErrorText(error, i18n.t);
      site.notify({
        message: i18n.t("Unexpected error during upload: {{reason}}", { reason }),
        variant: "error",
      });
    }
  }
}

function Icon({ d, ...props }: SVGProps<SVGSVGElement> & { d: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="18"
      height="18"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      {...props}
    >
      <path d={d} />
    </svg>
  );
}
const ImageIcon = () => <Icon d="M3 5h18v14H3zM3 16l5-5 4 4 3-3 6 6M15 9h.01" />;
const LinkIcon = () => (
  <Icon d="M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1" />
);

/** The toolbar button a key moves to (ArrowRight/Left wrap, Home, End), or null for other keys. */
function toolbarKey(key: string, at: number, count: number): number | null {
  if (key === "ArrowRight") return (at + 1) % count;
  if (key === "ArrowLeft") return (at - 1 + count) % count;
  if (key === "Home") return 0;
  if (key === "End") return count - 1;
  return null;
}

const imagesOf = (list: FileList | null | undefined) =>
  [...(list ?? [])].filter((f) => f.type.startsWith("image/"));

/** One button of the toolbar; only the toolbar's current button is a Tab stop (`tabIndex` 0). */
function ToolButton({
  label,
  active = false,
  onClick,
  tabIndex,
  children,
}: {
  label: string;
  active?: boolean;
  onClick: () => void;
  tabIndex: 0 | -1;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      tabIndex={tabIndex}
      aria-label={label}
      title={label}
      aria-pressed={active}
      onMouseDown={(e) => e.preventDefault()}
      onClick={onClick}
      className={`grid h-8 min-w-8 place-items-center rounded-md px-1.5 text-sm font-semibold ${
        active
          ? "bg-[var(--accent)] text-[var(--accent-text)]"
          : "text-[var(--muted)] hover:bg-[var(--hover)] hover:text-[var(--text)]"
      }`}
    >
      {/* A glyph (H2, 1.) is drawn by CSS: as text it would have to be part of the button's name. */}
      {typeof children === "string" ? (
        <span aria-hidden="true" data-glyph={children} className="before:content-[attr(data-glyph)]" />
      ) : (
        children
      )}
    </button>
  );
}

export default function RichEditor({
  initial,
  onChange,
  label,
  placeholder,
  autoFocus,
  footer,
  invalid,
  uploadImage,
  notify,
}: RichEditorProps & EditorSite) {
  const { t } = useTranslation();
  const [linkOpen, setLinkOpen] = useState(false);
  const [altFor, setAltFor] = useState<string | null>(null);
  const [toolIndex, setToolIndex] = useState(0);
  const fileInput = useRef<HTMLInputElement>(null);
  const editorRef = useRef<Editor | null>(null);
  const site = { uploadImage, notify };
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3] },
        link: {
          openOnClick: false,
          autolink: true,
          defaultProtocol: "https",
          protocols: ["http", "https", "mailto"],
        },
      }),
      Image.configure({ inline: false, allowBase64: false }),
      Placeholder.configure({ placeholder: placeholder ?? t("Write...") }),
    ],
    content: initial,
    autofocus: autoFocus ? "end" : false,
    immediatelyRender: true,
    editorProps: {
      attributes: {
        // Tiptap marks the empty first paragraph; its data-placeholder is drawn as greyed text.
        class:
          "prose-post min-h-40 px-3 py-2 outline-none [&_p.is-editor-empty:first-child]:before:pointer-events-none [&_p.is-editor-empty:first-child]:before:float-left [&_p.is-editor-empty:first-child]:before:h-0 [&_p.is-editor-empty:first-child]:before:text-[var(--muted)] [&_p.is-editor-empty:first-child]:before:content-[attr(data-placeholder)]",
        role: "textbox",
        "aria-multiline": "true",
        "aria-label": label,
        ...(invalid ? { "aria-invalid": "true" } : {}),
      },
      handlePaste: (_view, event) => {
        const files = imagesOf(event.clipboardData?.files);
        if (files.length === 0 || !editorRef.current) return false;
        void insertImages(editorRef.current, files, site, setAltFor);
        return true;
      },
      handleDrop: (_view, event) => {
        const files = imagesOf((event as DragEvent).dataTransfer?.files);
        if (files.length === 0 || !editorRef.current) return false;
        event.preventDefault();
        void insertImages(editorRef.current, files, site, setAltFor);
        return true;
      },
    },
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? "" : e.getHTML()),
  });
  editorRef.current = editor;

  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e?.isActive("bold") ?? false,
      italic: e?.isActive("italic") ?? false,
      strike: e?.isActive("strike") ?? false,
      h2: e?.isActive("heading", { level: 2 }) ?? false,
      h3: e?.isActive("heading", { level: 3 }) ?? false,
      bullet: e?.isActive("bulletList") ?? false,
      ordered: e?.isActive("orderedList") ?? false,
      quote: e?.isActive("blockquote") ?? false,
      code: e?.isActive("codeBlock") ?? false,
      link: e?.isActive("link") ?? false,
    }),
  });

  if (!editor) return null;
  const chain = () => editor.chain().focus();
  const tools: Array<{ label: string; active?: boolean; run: () => void; glyph: ReactNode }> = [
    { label: t("Bold"), active: state?.bold, run: () => chain().toggleBold().run(), glyph: <b>B</b> },
    { label: t("Italic"), active: state?.italic, run: () => chain().toggleItalic().run(), glyph: <i>I</i> },
    {
      label: t("Strikethrough"),
      active: state?.strike,
      run: () => chain().toggleStrike().run(),
      glyph: <s>S</s>,
    },
    {
      label: t("Heading"),
      active: state?.h2,
      run: () => chain().toggleHeading({ level: 2 }).run(),
      glyph: "H2",
    },
    {
      label: t("Subheading"),
      active: state?.h3,
      run: () => chain().toggleHeading({ level: 3 }).run(),
      glyph: "H3",
    },
    {
      label: t("Bulleted list"),
      active: state?.bullet,
      run: () => chain().toggleBulletList().run(),
      glyph: "•≡",
    },
    {
      label: t("Numbered list"),
      active: state?.ordered,
      run: () => chain().toggleOrderedList().run(),
      glyph: "1.",
    },
    { label: t("Quote"), active: state?.quote, run: () => chain().toggleBlockquote().run(), glyph: "❝" },
    {
      label: t("Code block"),
      active: state?.code,
      run: () => chain().toggleCodeBlock().run(),
      glyph: "</>",
    },
    { label: t("Link"), active: state?.link, run: () => setLinkOpen(true), glyph: <LinkIcon /> },
    { label: t("Add a picture"), run: () => fileInput.current?.click(), glyph: <ImageIcon /> },
  ];
  return (
    <div
      className={`rounded-lg border bg-[var(--bg)] focus-within:border-[var(--accent)] ${
        invalid ? "border-[var(--danger)]" : "border-[var(--line)]"
      }`}
      data-testid="rich-editor"
    >
      {/* One Tab stop; the arrows, Home and End move along the buttons (the WAI-ARIA toolbar). */}
      <div
        role="toolbar"
        aria-label={t("Formatting")}
        className="flex flex-wrap gap-0.5 border-b border-[var(--line)] p-1"
        onKeyDown={(e) => {
          const next = toolbarKey(e.key, toolIndex, tools.length);
          if (next === null) return;
          e.preventDefault();
          setToolIndex(next);
          e.currentTarget.querySelectorAll<HTMLElement>("button")[next]?.focus();
        }}
      >
        {tools.map((tool, i) => (
          <ToolButton
            key={tool.label}
            label={tool.label}
            active={tool.active}
            tabIndex={i === toolIndex ? 0 : -1}
            onClick={() => {
              setToolIndex(i);
              tool.run();
            }}
          >
            {tool.glyph}
          </ToolButton>
        ))}
        <input
          ref={fileInput}
          type="file"
          accept="image/png,image/jpeg,image/gif,image/webp"
          className="hidden"
          aria-hidden="true"
          aria-label={t("Add a picture")}
          tabIndex={-1}
          onChange={(e) => {
            void insertImages(editor, imagesOf(e.target.files), site, setAltFor);
            e.target.value = "";
          }}
        />
      </div>
      <EditorContent editor={editor} />
      {footer}
      {altFor ? (
        <AltDialog
          onClose={() => setAltFor(null)}
          onSubmit={(alt) => {
            describeImage(editor, altFor, alt);
            setAltFor(null);
          }}
        />
      ) : null}
      {linkOpen ? (
        <LinkDialog
          initial={(editor.getAttributes("link").href as string | undefined) ?? ""}
          onClose={() => setLinkOpen(false)}
          onRemove={
            state?.link
              ? () => {
                  chain().extendMarkRange("link").unsetLink().run();
                  setLinkOpen(false);
                }
              : null
          }
          onSubmit={(href) => {
            if (editor.state.selection.empty && !state?.link) {
              chain()
                .insertContent({ type: "text", text: href, marks: [{ type: "link", attrs: { href } }] })
                .run();
            } else {
              chain().extendMarkRange("link").setLink({ href }).run();
            }
            setLinkOpen(false);
          }}
        />
      ) : null}
    </div>
  );
}
