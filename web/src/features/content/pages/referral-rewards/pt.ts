import type { PageText } from "#web/features/content/page-text.ts";

export default {
  title: "Recompensas por indicação",
  lead: "Convide as pessoas com quem você quer conversar no Agora. Quando alguém entra com o seu link e depois compra uma assinatura, você ganha uma recompensa.",
  sections: [
    {
      heading: "Como funciona",
      list: [
        "Copie seu link de indicação pessoal em Configurações → Indicação.",
        "Compartilhe com amigos, colegas ou o seu público.",
        "Quando alguém se cadastra com o seu link, a pessoa aparece na sua lista de indicados e você recebe uma notificação.",
        "Quando ela paga o primeiro mês de uma assinatura Usuário ou Empresa, uma recompensa por indicação é adicionada ao seu histórico de pagamentos.",
      ],
    },
    {
      heading: "Bom saber",
      list: [
        "Não há limite para o número de pessoas que você pode convidar.",
        "Cada pessoa tem um único indicador: o link com que se cadastrou.",
        "As recompensas só são pagas por assinaturas reais. Não é permitido indicar a si mesmo nem pagar a conta de outra pessoa para ganhar uma recompensa.",
        "Você pode ver a qualquer momento quem entrou com o seu link em Configurações → Indicação.",
      ],
    },
    {
      heading: "As regras",
      paragraphs: [
        "As condições completas do programa, incluindo quando uma recompensa é ganha e quando pode ser sacada, estão nos termos das Recompensas por indicação.",
      ],
    },
  ],
} satisfies PageText;
