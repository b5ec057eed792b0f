import type { PageText } from "#web/features/content/page-text.ts";

export default {
  title: "Nuestra hoja de ruta",
  lead: "Lo que estamos construyendo ahora, lo que viene después y lo que aún estamos pensando. Los planes cambian cuando aprendemos algo: cuéntanos qué te importa con Enviar comentarios o en c/agora.",
  sections: [
    {
      heading: "Ahora",
      list: [
        "Mejor búsqueda: filtros por comunidad y por fecha, y resultados que muestran las palabras encontradas.",
        "Herramientas de moderación para comunidades: moderadores, reglas fijadas y una cola de publicaciones denunciadas.",
        "Páginas más rápidas en conexiones lentas y una primera visita más ligera.",
      ],
    },
    {
      heading: "Después",
      list: [
        "Chats de grupo para comunidades y equipos, con la misma entrega en tiempo real que el chat uno a uno.",
        "Publicaciones guardadas y listas de lectura.",
        "Perfiles más completos para empresas: portafolio, reseñas de servicios y una bolsa de empleo pública por empresa.",
        "Resúmenes por correo de las comunidades que sigues, con la frecuencia que elijas.",
      ],
    },
    {
      heading: "Más adelante",
      list: [
        "Aplicaciones para Android e iOS.",
        "Eventos dentro de las comunidades, con recordatorios.",
        "Más opciones de cobro para propinas y servicios, en más países.",
      ],
    },
    {
      heading: "Lanzado recientemente",
      list: [
        "Búsqueda en publicaciones, comentarios, comunidades y personas.",
        "Notificaciones de seguidores, menciones, comentarios, respuestas, votos y referidos, cada una con su propio interruptor.",
        "Chat uno a uno en tiempo real con imágenes, emojis y vistas previas de enlaces.",
        "Temas de noche y de día, en inglés, español y portugués.",
      ],
    },
  ],
} satisfies PageText;
