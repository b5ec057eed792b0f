import type { Dictionary } from "#client/i18n.ts";

// The admin Appeals screen and the trust level on a person's page.
export default {
  Appeals: "Recursos",
  Decided: "Decididos",
  "Uphold: keep the decision": "Manter: conservar a decisão",
  "Reverse: restore the content or lift the suspension":
    "Reverter: restaurar o conteúdo ou encerrar a suspensão",
  "Removed the post or comment": "Removeu a publicação ou o comentário",
  "Suspended the person": "Suspendeu a pessoa",
  "Hidden from the site": "Oculto no site",
  "Shown on the site": "Visível no site",
  "Decide this appeal": "Decidir este recurso",
  Decision: "Decisão",
  Decide: "Decidir",
  "What the person reads with the decision": "O que a pessoa lê junto com a decisão",
  "No open appeals. All clear.": "Não há recursos abertos. Tudo em ordem.",
  "No decided appeals yet.": "Ainda não há recursos decididos.",
  "Trust level": "Nível de confiança",
  New: "Novo",
  Member: "Membro",
  Regular: "Regular",
  "Set by staff: it no longer changes by itself.": "Definido pela equipe: não muda mais sozinho.",
  "Worked out from age, contributions and upheld reports.":
    "Calculado a partir da idade da conta, das contribuições e das denúncias confirmadas.",
} satisfies Dictionary;
