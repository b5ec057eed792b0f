import type { Dictionary } from "../../i18n-runtime";

// A community run by its people (shared/src/schemas/community-moderation.ts): the messages both
// sites may show.
export default {
  "A community has at most 15 rules": "Uma comunidade tem no máximo 15 regras",
  "A community has at most 20 flairs": "Uma comunidade tem no máximo 20 etiquetas",
  "A community has at most 25 moderators": "Uma comunidade tem no máximo 25 moderadores",
  "A flair's name must be 24 characters or less": "O nome da etiqueta deve ter 24 caracteres ou menos",
  "A rule's description must be 500 characters or less":
    "A descrição de uma regra deve ter 500 caracteres ou menos",
  "A rule's title must be 100 characters or less": "O título de uma regra deve ter 100 caracteres ou menos",
  "At most 2 posts can be pinned; unpin one first":
    "No máximo 2 publicações podem ser fixadas; desafixe uma primeiro",
  "Give the flair a name": "Dê um nome à etiqueta",
  "Give the rule a title": "Dê um título à regra",
  "It is not removed": "Não está removido",
  "Keep the reason to 500 characters or less": "Use 500 caracteres ou menos para o motivo",
  "Only members of the community can be moderators": "Só membros da comunidade podem ser moderadores",
  "Only this community's owner and moderators can change its rules":
    "Só o dono e os moderadores desta comunidade podem mudar as regras",
  "Only this community's owner and moderators can do that":
    "Só o dono e os moderadores desta comunidade podem fazer isso",
  "Only this community's owner can appoint and dismiss moderators":
    "Só o dono desta comunidade pode nomear e destituir moderadores",
  "Send the rules as a JSON list of {title, description}":
    "Envie as regras como uma lista JSON de {title, description}",
  "That flair belongs to another community": "Essa etiqueta é de outra comunidade",
  "The community has a flair with that name": "A comunidade já tem uma etiqueta com esse nome",
  "The owner already moderates the community": "O dono já modera a comunidade",
  "The owner and moderators cannot be banned": "O dono e os moderadores não podem ser banidos",
  "There is no such comment in this community": "Não existe esse comentário nesta comunidade",
  "There is no such flair": "Essa etiqueta não existe",
  "There is no such post in this community": "Não existe essa publicação nesta comunidade",
  "There is nobody by that name": "Não há ninguém com esse nome",
  "They are a moderator already": "Já é moderador",
  "They are not a moderator of this community": "Não é moderador desta comunidade",
  "They are not banned here": "Não está banido aqui",
  "This community does not exist": "Esta comunidade não existe",
  "This post is locked: it takes no new comments":
    "Esta publicação está trancada: não aceita novos comentários",
  "Use OPEN or RESOLVED": "Use OPEN ou RESOLVED",
  "Use POST or COMMENT": "Use POST ou COMMENT",
  "Use a colour like #3b82f6": "Use uma cor como #3b82f6",
  "Use a whole number of days from 0 (until lifted) to 3650":
    "Use um número inteiro de dias de 0 (até ser suspenso) a 3650",
  "You are banned from this community until a moderator lifts the ban":
    "Você está banido desta comunidade até um moderador suspender o banimento",
  "You are banned from this community until {{date}}": "Você está banido desta comunidade até {{date}}",
} satisfies Dictionary;
