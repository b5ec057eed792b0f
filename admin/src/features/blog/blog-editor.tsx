import { Editor } from "#client/editor/lazy-editor.tsx";
import type { RichEditorProps } from "#client/editor/rich-editor.tsx";
import { showSnackbar } from "#client/ui/snackbar.tsx";
import { uploadAdminImage } from "./mutations";

// The admin has no neutral notice: the editor's "info" shows green.
const notify = ({ message, variant }: { message: string; variant: "info" | "error" }) =>
  showSnackbar({ message, variant: variant === "error" ? "error" : "success" });

/** The main site's rich editor (docs/decisions/064), uploading pictures to the admin files. */
export function BlogEditor(props: RichEditorProps) {
  return <Editor {...props} uploadImage={uploadAdminImage} notify={notify} />;
}
