// mjml-browser ships no types; this is the one call the renderer makes (see index.ts).
declare module "mjml-browser" {
  const mjml2html: (
    mjml: string,
    options?: { validationLevel?: "strict" | "soft" | "skip"; minify?: boolean },
  ) => { html: string; errors: Array<{ formattedMessage?: string; message?: string }> };
  export default mjml2html;
}
