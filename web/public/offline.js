// The offline page (served by /sw.js when a page cannot be fetched): in the browser's language,
// and it tries again by itself when the connection comes back. A file of its own: the CSP allows
// scripts from 'self' only.
const WORDS = {
  es: {
    title: "Estás sin conexión",
    body: "Agora volverá a cargarse en cuanto vuelvas a estar en línea.",
    retry: "Reintentar",
  },
  pt: {
    title: "Você está offline",
    body: "O Agora carregará de novo assim que você voltar a ficar online.",
    retry: "Tentar de novo",
  },
};
const words = WORDS[(navigator.language || "en").slice(0, 2)];
if (words) {
  document.documentElement.lang = navigator.language.slice(0, 2);
  for (const el of document.querySelectorAll("[data-i18n]")) el.textContent = words[el.dataset.i18n];
}
const retry = () => location.reload();
document.getElementById("retry").addEventListener("click", retry);
window.addEventListener("online", retry);
setInterval(() => {
  if (navigator.onLine)
    fetch("/api/health", { cache: "no-store" }).then(
      (r) => r.ok && retry(),
      () => {},
    );
}, 15000);
