import type { PageText } from "#web/features/content/page-text.ts";

export default {
  title: "Termos de assinatura",
  updated: "2026-11-21",
  lead: "Estes termos se aplicam quando você compra uma assinatura Usuário ou Empresa no Agora, além dos Termos de uso.",
  sections: [
    {
      heading: "Os planos",
      list: [
        "Usuário: US$ 10 por mês. Um selo de verificação, visibilidade na busca, a possibilidade de sacar gorjetas, suporte prioritário e um lugar no topo do feed.",
        "Empresa: US$ 100 por mês. Todos os benefícios do Usuário, mais um perfil profissional, filtros para empresas, newsletters e o nosso nível de suporte mais alto.",
      ],
      paragraphs: [
        "Os preços são em dólares americanos e podem aparecer na sua moeda local por conveniência; seu banco pode convertê-los e cobrar uma taxa. Impostos são adicionados quando a lei exigir.",
      ],
    },
    {
      heading: "Pagamento e renovação",
      paragraphs: [
        "A assinatura é paga mensalmente e adiantada, com cartão ou PayPal, por meio dos nossos provedores de pagamento. Ela é renovada automaticamente todo mês no mesmo dia até você cancelar. Se um pagamento falhar, tentamos de novo por alguns dias; se continuar falhando, a assinatura termina.",
      ],
    },
    {
      heading: "Cancelamento",
      paragraphs: [
        "Você pode cancelar a qualquer momento em Configurações → Conta → Gerencie sua assinatura. O cancelamento é imediato: a assinatura, o selo de verificação e seus benefícios terminam no momento em que você cancela, sem período de carência até o fim do mês já pago. Nada mais será cobrado depois disso.",
        "Como o cancelamento vale na hora, cancele apenas quando não precisar mais dos benefícios.",
      ],
    },
    {
      heading: "Reembolsos",
      paragraphs: [
        "Pagamentos já feitos não são reembolsados, inclusive a parte não usada de um mês, exceto quando a lei exigir ou quando cobrarmos por engano. Se você acha que uma cobrança está errada, escreva-nos pelo Enviar feedback em até 30 dias.",
      ],
    },
    {
      heading: "Mudanças nos planos e preços",
      paragraphs: [
        "Podemos mudar os planos ou seus preços. Avisaremos com pelo menos 30 dias de antecedência antes que um novo preço se aplique à sua assinatura, e você poderá cancelar antes disso.",
      ],
    },
    {
      heading: "Perda da assinatura",
      paragraphs: [
        "Se sua conta for suspensa ou encerrada por violar os Termos de uso ou o Código de Conduta, sua assinatura também termina, sem reembolso.",
      ],
    },
  ],
} satisfies PageText;
