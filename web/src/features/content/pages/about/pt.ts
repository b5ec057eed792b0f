import type { PageText } from "#web/features/content/page-text.ts";

export default {
  title: "Sobre o Agora",
  lead: "O Agora é um lugar para conversar, aprender e trabalhar com pessoas que se importam com as mesmas coisas que você: comunidades para a conversa, chat para o um a um e um mercado de vagas e serviços, tudo num site rápido.",
  sections: [
    {
      heading: "Por que o criamos",
      paragraphs: [
        "As melhores conversas na internet acontecem em grupos pequenos e focados. A maioria das redes sociais as enterra sob um feed infinito feito para prender a atenção em vez de ser útil. Queríamos um lugar onde uma boa pergunta receba uma boa resposta, onde se veja com quem se está falando e onde o trabalho que nasce de uma conversa (uma vaga, um projeto, uma gorjeta por uma resposta útil) possa acontecer ali mesmo.",
        "O Agora é a nossa tentativa. Qualquer pessoa pode criar uma comunidade, escrever um post, seguir quem tem ideias que valoriza e mandar mensagens diretamente.",
      ],
    },
    {
      heading: "O que você pode fazer aqui",
      list: [
        "Entrar em comunidades (c/nome) e escrever posts de texto ou mídia, votar e comentar em conversas encadeadas.",
        "Seguir pessoas (u/nome) e ler o que elas compartilham no feed Seguindo.",
        "Conversar em tempo real, com imagens e prévias de links.",
        "Encontrar uma vaga ou contratar alguém, e oferecer seus serviços no mercado.",
        "Agradecer com uma gorjeta no cartão ou em cripto, e ter uma assinatura verificada que sustenta o site.",
      ],
    },
    {
      heading: "Como trabalhamos",
      paragraphs: [
        "O Agora roda na rede da Cloudflare, perto de cada leitor, para que as páginas sejam rápidas mesmo numa conexão móvel lenta. Guardamos o mínimo possível de dados pessoais, nunca os vendemos e você pode excluir sua conta quando quiser.",
        "As comunidades são cuidadas por quem as administra e pela nossa equipe, sob um Código de Conduta curto que vale para todos, inclusive para a equipe.",
      ],
    },
    {
      heading: "Quem paga por ele",
      paragraphs: [
        "O Agora é pago pelos seus membros. Os planos Usuário e Empresa dão um selo de verificação e ferramentas extras, e cada assinatura mantém o site sem transformar a sua atenção no produto. Os cartões promovidos são sempre identificados e nunca se disfarçam de posts.",
      ],
    },
  ],
} satisfies PageText;
