import type { Dictionary } from "#client/i18n.ts";

// A reported post's or comment's edit history, and redacting a version.
export default {
  "Edit history": "Histórico de edições",
  "Edit history of the post": "Histórico de edições da publicação",
  "Edit history of the comment": "Histórico de edições do comentário",
  "No versions.": "Nenhuma versão.",
  "Versions, newest first": "Versões, da mais recente para a mais antiga",
  "Current text": "Texto atual",
  "Version {{n}}": "Versão {{n}}",
  "First written": "Primeira escrita",
  "Redacted by staff.": "Apagada pela equipe.",
  Redact: "Apagar texto",
  "Redact version {{n}}": "Apagar o texto da versão {{n}}",
  "Redact this version? Its text is wiped for good and cannot be restored.":
    "Apagar o texto desta versão? Ele é apagado para sempre e não pode ser recuperado.",
  "The version was redacted.": "O texto da versão foi apagado.",
} satisfies Dictionary;
