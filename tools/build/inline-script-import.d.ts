/** An inline script module imported with `?inline-script`: the text a page inlines (./inline-scripts.ts). */
declare module '*?inline-script' {
  const text: string;
  export default text;
}
