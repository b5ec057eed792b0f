import type { Dictionary } from "#client/i18n.ts";

export default {
  All: "Todas",
  "Mark all as read": "Marcar tudo como lido",
  "Mark as read": "Marcar como lida",
  "No notifications yet": "Ainda não há notificações",
  "See all notifications": "Ver todas as notificações",
  Someone: "Alguém",
  Unread: "Não lidas",
  "When someone follows you, mentions you or answers your posts, you will see it here.":
    "Quando alguém seguir você, mencionar você ou responder aos seus posts, você verá aqui.",
  "Which notifications": "Quais notificações",
  "You are all caught up": "Você está em dia",
  "{{name}} commented on your post": "{{name}} comentou seu post",
  "{{name}} joined Agora with your referral link": "{{name}} entrou no Agora com seu link de indicação",
  "{{name}} mentioned you": "{{name}} mencionou você",
  "{{name}} posted in your community": "{{name}} publicou na sua comunidade",
  "{{name}} replied to your comment": "{{name}} respondeu ao seu comentário",
  "{{name}} started following you": "{{name}} começou a seguir você",
  "{{name}} upvoted your post": "{{name}} votou no seu post",
  "{{name}} ordered your service": "{{name}} encomendou seu serviço",
  "Your membership payment failed. Your access stays until the paid period ends.":
    "O pagamento da sua assinatura falhou. Seu acesso continua até o fim do período pago.",
  "This frame could not be read": "Não foi possível ler esta mensagem ao vivo",
  "This live link has expired. Ask for a new one.": "Este link ao vivo expirou. Peça um novo.",
  "This tab already follows as many posts as it may":
    "Esta aba já acompanha o máximo de publicações permitido",
} satisfies Dictionary;
