import type { PageText } from "#web/features/content/page-text.ts";

export default {
  title: "Anuncie no Agora",
  lead: "Alcance quem já conversa sobre a sua área, sem interromper ninguém. Os anúncios no Agora são poucos, claramente identificados e relevantes para onde aparecem.",
  sections: [
    {
      heading: "Onde os anúncios aparecem",
      list: [
        "Cartões em destaque: o carrossel da barra lateral, com imagem, título e uma linha curta. Um cartão pode levar a uma página do Agora ou ao seu próprio site.",
        "Promovido: um texto curto na barra lateral, marcado como promovido.",
        "Vagas: publique uma vaga na seção Vagas e ela será mostrada a quem procura trabalho naquela categoria.",
      ],
    },
    {
      heading: "O que aceitamos",
      paragraphs: [
        "Produtos, serviços, eventos, cursos e vagas que sejam honestos sobre o que oferecem. Não aceitamos anúncios de apostas, armas, conteúdo adulto, campanhas políticas nem nada que viole nossos Termos de uso ou o Código de Conduta. Nossa equipe revisa cada anúncio antes de publicá-lo.",
      ],
    },
    {
      heading: "Como funciona",
      paragraphs: [
        "Escreva para ads@agora.example contando o que quer anunciar, o público que quer alcançar e as datas. Respondemos com as opções, o preço e uma prévia. Os anúncios nunca se disfarçam de posts, nunca seguem ninguém pela web e nunca usam as mensagens privadas de ninguém.",
      ],
    },
    {
      heading: "Empresas verificadas",
      paragraphs: [
        "Com o plano Empresa, sua empresa ganha um selo de verificação, um perfil profissional, filtros para empresas e newsletters para os seus seguidores, muitas vezes o jeito mais simples de ser vista pelas pessoas certas.",
      ],
    },
  ],
} satisfies PageText;
