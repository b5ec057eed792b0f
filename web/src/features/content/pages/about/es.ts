import type { PageText } from "#web/features/content/page-text.ts";

export default {
  title: "Sobre Agora",
  lead: "Agora es un lugar para conversar, aprender y trabajar con personas a las que les importan las mismas cosas que a ti: comunidades para la conversación, chat para lo personal y un mercado de empleos y servicios, todo en un sitio rápido.",
  sections: [
    {
      heading: "Por qué lo creamos",
      paragraphs: [
        "Las mejores conversaciones en internet ocurren en grupos pequeños y enfocados. La mayoría de las redes sociales las entierran bajo un feed infinito pensado para captar atención en lugar de ser útil. Queríamos un lugar donde una buena pregunta reciba una buena respuesta, donde se vea con quién hablas y donde el trabajo que nace de una conversación (un empleo, un proyecto, una propina por una respuesta útil) pueda ocurrir allí mismo.",
        "Agora es nuestro intento. Cualquiera puede crear una comunidad, escribir una publicación, seguir a las personas cuyas ideas valora y escribirles directamente.",
      ],
    },
    {
      heading: "Qué puedes hacer aquí",
      list: [
        "Unirte a comunidades (c/nombre) y escribir publicaciones de texto o multimedia, votar y comentar en conversaciones anidadas.",
        "Seguir a personas (u/nombre) y leer lo que comparten en el feed Siguiendo.",
        "Chatear en tiempo real, con imágenes y vistas previas de enlaces.",
        "Encontrar empleo o contratar, y ofrecer tus servicios en el mercado.",
        "Agradecer con una propina con tarjeta o en cripto, y obtener una membresía verificada que sostiene el sitio.",
      ],
    },
    {
      heading: "Cómo trabajamos",
      paragraphs: [
        "Agora funciona sobre la red de Cloudflare, cerca de cada lector, para que las páginas sean rápidas incluso con una conexión móvil lenta. Guardamos la menor cantidad posible de datos personales, nunca los vendemos y puedes eliminar tu cuenta cuando quieras.",
        "Las comunidades las cuidan quienes las dirigen y nuestro equipo, bajo un Código de Conducta breve que se aplica a todos, también al personal.",
      ],
    },
    {
      heading: "Quién lo paga",
      paragraphs: [
        "Agora lo pagan sus miembros. Los planes Usuario y Empresa te dan una marca de verificación y herramientas adicionales, y cada suscripción mantiene el sitio sin convertir tu atención en el producto. Las tarjetas promocionadas siempre están señaladas y nunca se disfrazan de publicaciones.",
      ],
    },
  ],
} satisfies PageText;
