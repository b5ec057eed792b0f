import type { PageText } from "#web/features/content/page-text.ts";

export default {
  title: "Construa conosco",
  lead: "O Agora é feito por uma equipe pequena e por muitas pessoas que o usam todos os dias. Há várias formas de ajudar a moldá-lo, seja você quem escreve código, administra uma comunidade ou toca uma empresa.",
  sections: [
    {
      heading: "Diga o que construir",
      paragraphs: [
        "Cada recurso do nosso roteiro começou como o post de alguém em c/agora ou uma mensagem pelo Enviar feedback. Descreva o problema que você tem em vez do botão que você quer: isso nos ajuda a encontrar uma solução que sirva para todos.",
      ],
    },
    {
      heading: "Administre uma comunidade",
      paragraphs: [
        "As comunidades são o coração do Agora. Se você conhece bem um assunto e quer um lugar tranquilo para falar dele, crie uma comunidade, escreva os primeiros posts e convide quem você conhece. Ajudamos as comunidades ativas a crescer: nós as destacamos na barra lateral e na nossa newsletter.",
      ],
    },
    {
      heading: "Trabalhe conosco",
      paragraphs: [
        "Contratamos raramente e com cuidado, e publicamos cada vaga primeiro na seção Vagas. Procuramos engenheiros que se importam com páginas rápidas e acessíveis, moderadores justos e pacientes, e redatores que sabem explicar as coisas com simplicidade.",
      ],
    },
    {
      heading: "Parceiros e integrações",
      paragraphs: [
        "A API do Agora está documentada em /api/docs. Se você quer criar uma ferramenta para comunidades, trazer seu serviço para o mercado ou conectar um meio de pagamento, escreva para partners@agora.example contando sua ideia.",
      ],
    },
  ],
} satisfies PageText;
