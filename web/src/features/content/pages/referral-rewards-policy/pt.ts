import type { PageText } from "#web/features/content/page-text.ts";

export default {
  title: "Termos das Recompensas por indicação",
  updated: "2026-11-21",
  lead: "Estes termos regem o programa de Recompensas por indicação, além dos Termos de uso.",
  sections: [
    {
      heading: "Quem pode participar",
      paragraphs: [
        "Qualquer pessoa com uma conta do Agora ativa e regular pode indicar outras com o link pessoal mostrado em Configurações → Indicação.",
      ],
    },
    {
      heading: "Uma indicação válida",
      list: [
        "A nova pessoa se cadastra com o seu link e confirma o endereço de e-mail.",
        "É uma pessoa real e diferente, que não tinha uma conta no Agora antes.",
        "Cada pessoa tem um único indicador: o link com que se cadastrou. Ele não pode ser mudado depois.",
      ],
    },
    {
      heading: "Ganhar uma recompensa",
      paragraphs: [
        "Você ganha uma recompensa quando uma pessoa indicada por você paga o primeiro mês de uma assinatura Usuário ou Empresa. A recompensa é registrada no seu histórico de pagamentos como recompensa por indicação. Só conta o primeiro mês pago de cada pessoa indicada.",
      ],
    },
    {
      heading: "O que não é permitido",
      list: [
        "Indicar a si mesmo, por exemplo com uma segunda conta.",
        "Pagar a assinatura de alguém para ganhar a recompensa.",
        "Compartilhar seu link como spam, em comunidades de outras pessoas contra as regras delas ou em anúncios pagos que usem o nome Agora.",
      ],
      paragraphs: ["Podemos cancelar recompensas obtidas dessa forma e encerrar as contas envolvidas."],
    },
    {
      heading: "Mudanças e fim do programa",
      paragraphs: [
        "Podemos mudar ou encerrar o programa. As recompensas ganhas antes de uma mudança continuam sendo suas.",
      ],
    },
  ],
} satisfies PageText;
