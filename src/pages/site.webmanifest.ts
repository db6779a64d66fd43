import type { APIRoute } from 'astro';
import { identity } from '@/model/identity';

export const GET: APIRoute = () =>
  new Response(
    JSON.stringify({
      name: identity.name,
      short_name: identity.shortName,
      description: identity.tagline,
      start_url: '/',
      display: 'standalone',
      background_color: '#ffffff',
      theme_color: '#083f3d',
      icons: [
        { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
        { src: '/icon-512.png', sizes: '512x512', type: 'image/png' },
        { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml' },
      ],
    }),
    { headers: { 'content-type': 'application/manifest+json' } },
  );
