import type { PageText } from "#web/features/content/page-text.ts";

export default {
  title: "Código de Conducta",
  updated: "2026-11-21",
  lead: "Agora funciona cuando se puede discrepar sin miedo. Estas reglas valen para todos, en cada comunidad y cada chat, también para el personal.",
  sections: [
    {
      heading: "Sé amable, incluso cuando no estés de acuerdo",
      list: [
        "Critica ideas, no personas. Nada de insultos, términos despectivos ni ataques personales.",
        "Nada de acoso: no persigas a alguien por el sitio, no te sumes a ataques en grupo ni sigas contactando a quien te pidió que pararas.",
        "Nada de odio: no ataques a nadie por lo que es, incluidos su raza, origen étnico, nacionalidad, religión, género, orientación sexual, discapacidad o edad.",
      ],
    },
    {
      heading: "Sé honesto",
      list: [
        "No te hagas pasar por otra persona, ni por una marca u organización que no representas.",
        "No difundas información que sabes que es falsa, y corrígete cuando te equivoques.",
        "Nada de estafas, sorteos falsos ni ofertas engañosas, en publicaciones, chats, empleos o servicios.",
      ],
    },
    {
      heading: "Mantén la seguridad y la legalidad",
      list: [
        "Nada de contenido ilegal ni nada que ponga a alguien en peligro.",
        "Nunca contenido sexual con menores. Lo denunciamos a las autoridades.",
        "Marca el contenido adulto o explícito donde una comunidad lo permita; en otros lugares no está permitido.",
        "No compartas información privada de otras personas sin su consentimiento.",
      ],
    },
    {
      heading: "Respeta el espacio",
      list: [
        "Publica en la comunidad que corresponde y sigue sus reglas.",
        "Nada de spam: ni publicaciones repetidas, ni mensajes masivos, ni manipulación de votos.",
      ],
    },
    {
      heading: "Qué pasa cuando se incumplen las reglas",
      paragraphs: [
        "Usa Denunciar en una publicación o un perfil para avisar a nuestro equipo. Según lo ocurrido, podemos retirar contenido, advertir a la persona, limitar lo que puede hacer o suspender la cuenta. Las faltas graves o repetidas llevan a una expulsión permanente. Siempre puedes bloquear a alguien tú mismo: ya no podrá seguirte, escribirte ni contactarte.",
      ],
    },
  ],
} satisfies PageText;
