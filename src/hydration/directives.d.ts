// Lets `astro check` and editors know the site's own client directives (see integration.ts).
import 'astro';

declare module 'astro' {
  interface AstroClientDirectives {
    'client:settled'?: boolean | string;
    'client:focus'?: boolean | string[];
  }
}
