import { Editor as SharedEditor } from "#client/editor/lazy-editor.tsx";
import type { RichEditorProps } from "#client/editor/rich-editor.tsx";
import { showSnackbar } from "#client/ui/snackbar.tsx";
import { uploadEditorImage } from "../mutations";

/** The shared rich editor (docs/decisions/064), uploading pictures as the signed-in person. */
export function Editor(props: RichEditorProps) {
  return <SharedEditor {...props} uploadImage={uploadEditorImage} notify={showSnackbar} />;
}
