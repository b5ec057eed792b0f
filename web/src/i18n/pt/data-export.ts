import type { Dictionary } from "#client/i18n.ts";

export default {
  "Your data archive is ready to download for 7 days.":
    "Seu arquivo de dados está pronto para baixar por 7 dias.",
  "Get a copy of your posts, comments, chats, settings and media as a zip file.":
    "Receba uma cópia das suas publicações, comentários, chats, configurações e mídias em um arquivo zip.",
  "Your archive is being prepared. We will notify you and send an e-mail when it is ready.":
    "Seu arquivo está sendo preparado. Vamos avisar você e enviar um e-mail quando estiver pronto.",
  "Your last archive could not be made. Please ask again.":
    "Não foi possível gerar seu último arquivo. Peça de novo.",
  "Your archive is ready. You can download it until {{time}}.":
    "Seu arquivo está pronto. Você pode baixá-lo até {{time}}.",
  "Your last archive has expired.": "Seu último arquivo expirou.",
  "Download your data": "Baixe seus dados",
  "Download archive": "Baixar arquivo",
  "Request archive": "Pedir arquivo",
  "Your data archive is still being prepared; you will be told when it is ready":
    "Seu arquivo de dados ainda está sendo preparado; avisaremos quando estiver pronto",
  "You can ask for one data archive a day; try again after 24 hours":
    "Você pode pedir um arquivo de dados por dia; tente de novo depois de 24 horas",
  "No data archive to download": "Nenhum arquivo de dados para baixar",
  "This data archive has expired; ask for a new one": "Este arquivo de dados expirou; peça um novo",
} satisfies Dictionary;
