import type { Dictionary } from "#client/i18n.ts";

export default {
  "A decision by staff about you": "Uma decisão da equipe sobre você",
  "Staff removed your post": "A equipe removeu sua publicação",
  "Staff removed your comment": "A equipe removeu seu comentário",
  "Staff suspended your account": "A equipe suspendeu sua conta",
  "Staff restored your post": "A equipe restaurou sua publicação",
  "Staff restored your comment": "A equipe restaurou seu comentário",
  "Staff lifted your suspension": "A equipe encerrou sua suspensão",
  "Your appeal was accepted.": "Seu recurso foi aceito.",
  "Your appeal was turned down.": "Seu recurso foi negado.",
  Appeal: "Recorrer",
  "Appeal this decision": "Recorrer desta decisão",
  "Tell staff why the decision should change. You can appeal each decision once.":
    "Diga à equipe por que a decisão deveria mudar. Você pode recorrer de cada decisão uma vez.",
  "Send appeal": "Enviar recurso",
  "Your appeal": "Seu recurso",
  "What should staff know that they did not?": "O que a equipe deveria saber e não sabia?",
  "You appealed": "Você recorreu",
  "Removed by staff": "Removida pela equipe",
  "Only you can see this page. Your post is hidden from everyone else while this decision stands.":
    "Só você vê esta página. Sua publicação fica oculta para os outros enquanto esta decisão valer.",
  "Post not found": "Publicação não encontrada",
  "It may have been deleted by its author or removed by staff, or the link may be wrong.":
    "Ela pode ter sido apagada pelo autor ou removida pela equipe, ou o link pode estar errado.",
} satisfies Dictionary;
