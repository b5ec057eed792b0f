import type { Dictionary } from "../../i18n-runtime";

// Moderation both sites show: the messages of shared/src/schemas/moderation.ts, a trust limit's
// sentence and a suspended person's sign-in.
export default {
  "Say what happened in at least 40 characters": "Conte o que aconteceu em pelo menos 40 caracteres",
  "Keep it to 1000 characters or less": "Use 1000 caracteres ou menos",
  "There is no such decision about you": "Não há nenhuma decisão assim sobre você",
  "You already appealed this decision": "Você já recorreu desta decisão",
  "This decision was already reversed": "Esta decisão já foi revertida",
  "Your appeal was sent. Staff will answer it here.":
    "Seu recurso foi enviado. A equipe vai respondê-lo aqui.",
  "This appeal does not exist": "Este recurso não existe",
  "This appeal was already decided": "Este recurso já foi decidido",
  "The appeal was decided": "O recurso foi decidido",
  "Use OPEN or DECIDED": "Use OPEN ou DECIDED",
  "Use UPHOLD or REVERSE": "Use UPHOLD ou REVERSE",
  "Use 0, 1 or 2": "Use 0, 1 ou 2",
  "The trust level was set": "O nível de confiança foi definido",
  "Must be a positive whole number": "Deve ser um número inteiro positivo",
  "Must be 500 characters or less": "Deve ter 500 caracteres ou menos",
  "New accounts": "Contas novas",
  "Accounts with fewer than 3 posts and comments": "Contas com menos de 3 publicações e comentários",
  "Accounts with a recent upheld report": "Contas com uma denúncia confirmada recente",
  Members: "Membros",
  "publish {{max}} posts": "publicar {{max}} publicações",
  "write {{max}} comments": "escrever {{max}} comentários",
  "start {{max}} conversations": "iniciar {{max}} conversas",
  "create {{max}} communities": "criar {{max}} comunidades",
  "upload {{max}} files": "enviar {{max}} arquivos",
  "send {{max}} reports": "enviar {{max}} denúncias",
  "post {{max}} jobs": "publicar {{max}} vagas",
  "offer {{max}} services": "oferecer {{max}} serviços",
  "follow or block {{max}} times": "seguir ou bloquear {{max}} vezes",
  Regulars: "Os habituais",
  "edit posts and comments {{max}} times": "editar publicações e comentários {{max}} vezes",
  "react {{max}} times": "reagir {{max}} vezes",
  "{{who}} can {{doing}} an hour; more from {{time}}.":
    "{{who}} podem {{doing}} por hora; mais a partir das {{time}}.",
  "{{who}} can {{doing}} a day; more from {{date}}.":
    "{{who}} podem {{doing}} por dia; mais a partir de {{date}}.",
  "Reason: {{cause}}.": "Motivo: {{cause}}.",
  "Staff note: {{note}}": "Nota da equipe: {{note}}",
  "It ends on {{date}}.": "Termina em {{date}}.",
  "It has no end date.": "Não tem data de fim.",
  "{{who}} can {{doing}} a day.": "{{who}} podem {{doing}} por dia.",
  "You can try again on {{time}}.": "Você pode tentar de novo em {{time}}.",
  "Your daily allowance grows on {{date}}.": "Sua cota diária cresce em {{date}}.",
  "Your daily allowance grows once you have written 3 posts and comments.":
    "Sua cota diária cresce quando você tiver escrito 3 publicações e comentários.",
  "Your daily allowance grows 30 days after the upheld report.":
    "Sua cota diária cresce 30 dias depois da denúncia confirmada.",
  "Regulars (30 days and 50 posts and comments) have no daily allowance.":
    "Os habituais (30 dias e 50 publicações e comentários) não têm cota diária.",
} satisfies Dictionary;
