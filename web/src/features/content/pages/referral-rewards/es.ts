import type { PageText } from "#web/features/content/page-text.ts";

export default {
  title: "Recompensas por referidos",
  lead: "Invita a las personas con las que quieres hablar en Agora. Cuando alguien se une con tu enlace y después compra una membresía, ganas una recompensa.",
  sections: [
    {
      heading: "Cómo funciona",
      list: [
        "Copia tu enlace de referido personal en Ajustes → Referidos.",
        "Compártelo con amigos, colegas o tu público.",
        "Cuando alguien se registra con tu enlace, aparece en tu lista de personas referidas y recibes una notificación.",
        "Cuando paga su primer mes de una membresía Usuario o Empresa, se añade una recompensa por referido a tu historial de pagos.",
      ],
    },
    {
      heading: "Conviene saber",
      list: [
        "No hay límite de personas que puedes invitar.",
        "Cada persona solo puede tener un referente: el enlace con el que se registró.",
        "Las recompensas solo se pagan por membresías reales. No está permitido invitarte a ti mismo ni pagar la cuenta de otra persona para ganar una recompensa.",
        "Puedes ver en cualquier momento quién se unió con tu enlace en Ajustes → Referidos.",
      ],
    },
    {
      heading: "Las reglas",
      paragraphs: [
        "Las condiciones completas del programa, incluido cuándo se gana una recompensa y cuándo se puede retirar, están en las condiciones de Recompensas por referidos.",
      ],
    },
  ],
} satisfies PageText;
