import type { Dictionary } from "#client/i18n.ts";

export default {
  "/ month": "/ mês",
  "A verified mark, more reach and the tools to work and get paid here. Cancel any time.":
    "Um selo de verificação, mais alcance e as ferramentas para trabalhar e receber aqui. Cancele quando quiser.",
  "Ability to withdraw tips": "Possibilidade de sacar gorjetas",
  "All User benefits": "Todos os benefícios do Usuário",
  "All posts": "Todos os posts",
  Announcement: "Anúncio",
  Business: "Empresa",
  "Business filters": "Filtros para empresas",
  "By subscribing you agree to the": "Ao assinar, você concorda com os",
  "Cancelling ends the membership at once, with no grace period.":
    "Cancelar encerra a assinatura na hora, sem período de carência.",
  "Code of Conduct": "Código de Conduta",
  "For companies": "Para empresas",
  "Get verified on Agora": "Seja verificado no Agora",
  "Get your referral link": "Pegue seu link de indicação",
  Guide: "Guia",
  "Highest support": "O suporte mais alto",
  Insights: "Análises",
  "Last updated {{date}}": "Última atualização: {{date}}",
  "News, guides and stories from the people who build Agora.":
    "Novidades, guias e histórias de quem constrói o Agora.",
  Newsletters: "Newsletters",
  Policies: "Políticas",
  "Priority support": "Suporte prioritário",
  "Professional profile": "Perfil profissional",
  "Referral Rewards terms": "Termos das Recompensas por indicação",
  SUBSCRIBE: "ASSINAR",
  "Search visibility": "Visibilidade na busca",
  Security: "Segurança",
  "Staff accounts are verified already: there is nothing to buy.":
    "As contas da equipe já são verificadas: não há nada para comprar.",
  "Subscription Terms": "Termos de assinatura",
  "Terms of Use": "Termos de uso",
  "Top of feed": "Topo do feed",
  User: "Usuário",
  "Verified mark": "Selo de verificação",
  "Your plan": "Seu plano",
  // The accessibility report's page
  Accessibility: "Acessibilidade",
  "Agora aims to meet WCAG 2.2 at level AA. Below is each criterion: whether Agora meets it, how that is tested, and what is known not to work yet.":
    "A Agora busca cumprir a WCAG 2.2 no nível AA. Abaixo está cada critério: se a Agora o cumpre, como isso é testado e o que ainda se sabe que não funciona.",
  "Found something that does not work for you?": "Algo não funciona para você?",
  "Tell us on the Contact page": "Conte para nós na página de Contato",
} satisfies Dictionary;
