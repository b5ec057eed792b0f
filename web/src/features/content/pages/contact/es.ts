import type { PageText } from "#web/features/content/page-text.ts";

export default {
  title: "Contacto",
  lead: "Leemos todo lo que nos envían. La forma más rápida de llegar al equipo es el formulario Enviar comentarios; para lo demás, elige la dirección que corresponda.",
  sections: [
    {
      heading: "Preguntas, ideas y problemas",
      paragraphs: [
        "Usa Enviar comentarios en el menú (necesitas haber iniciado sesión). Elige el tipo que corresponda (una sugerencia, una solicitud de función, un error) y añade el enlace de la página si ayuda. El equipo responde por orden de llegada, normalmente en dos días hábiles.",
      ],
    },
    {
      heading: "Denunciar una publicación o a una persona",
      paragraphs: [
        "Usa Denunciar en el menú de la publicación o en el perfil de la persona. Las denuncias llegan directamente a la cola de nuestro equipo con el enlace a lo que viste, lo que permite actuar mucho más rápido que con un correo.",
      ],
    },
    {
      heading: "Tu cuenta y tus datos",
      paragraphs: [
        "Puedes cambiar tu correo y tu contraseña y eliminar tu cuenta tú mismo en Ajustes → Cuenta. Para obtener una copia de tus datos o cualquier pregunta de privacidad, escribe a privacy@agora.example desde la dirección de tu cuenta.",
      ],
    },
    {
      heading: "Empresas, prensa y alianzas",
      list: [
        "Publicidad y tarjetas promocionadas: ads@agora.example (ver Anunciar).",
        "Prensa: press@agora.example.",
        "Alianzas e integraciones: partners@agora.example (ver Construye con nosotros).",
        "Todo lo demás: hello@agora.example.",
      ],
    },
  ],
} satisfies PageText;
