import { createServer, type Server } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import { Hono, type Context } from 'hono';
import { jwtVerify } from 'jose';
import type { StackConfig } from './config.ts';
import type { EdgeFunction } from './functions.ts';

const exposedHeaders = 'X-Supabase-Api-Version, X-Total-Count, Link, x-sb-error-code';

/** CORS as Kong answers it on `supabase start`: reflect what the browser asks for, set (never append). */
function withCors(request: Request, response: Response): Response {
  const headers = new Headers(response.headers);
  headers.set('Access-Control-Allow-Origin', request.headers.get('origin') ?? '*');
  headers.set('Access-Control-Allow-Credentials', 'true');
  headers.set('Access-Control-Expose-Headers', exposedHeaders);
  headers.append('Vary', 'Origin');
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

function preflight(request: Request): Response {
  return withCors(
    request,
    new Response(null, {
      status: 204,
      headers: {
        'Access-Control-Allow-Methods': 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS',
        'Access-Control-Allow-Headers':
          request.headers.get('access-control-request-headers') ??
          'authorization, apikey, content-type, x-client-info, x-supabase-api-version, x-retry-count',
        'Access-Control-Max-Age': '3600',
      },
    }),
  );
}

export interface GatewayOptions {
  config: StackConfig;
  functions: Map<string, EdgeFunction>;
  /** The local Auth service (stack/auth), served under /auth/v1. */
  auth?: { fetch(request: Request, env?: unknown): Response | Promise<Response> };
}

/** The HTTP side of the local stack: what Kong routes on `supabase start`, for the slice we use. */
export function createGateway({ config, functions, auth }: GatewayOptions): Hono {
  const secret = new TextEncoder().encode(config.jwtSecret);
  const app = new Hono();

  app.options('*', (c) => preflight(c.req.raw));

  async function invoke(c: Context, name: string, path: string): Promise<Response> {
    const fn = functions.get(name);
    if (!fn) return withCors(c.req.raw, c.text('Function not found', 404));
    if (fn.verifyJwt) {
      const token = c.req.header('authorization')?.replace(/^Bearer\s+/i, '') ?? '';
      try {
        await jwtVerify(token, secret);
      } catch {
        return withCors(c.req.raw, c.json({ msg: 'Invalid JWT' }, 401));
      }
    }
    const url = new URL(c.req.url);
    url.pathname = path;
    const forwarded = new Request(url, c.req.raw);
    const response = await fn.fetch(forwarded);
    return withCors(c.req.raw, response);
  }

  // /functions/v1/<name>/<rest>: the function sees /<name>/<rest>, as on hosted Supabase.
  const byName = (c: Context) => invoke(c, c.req.param('name') ?? '', c.req.path.slice('/functions/v1'.length));
  app.all('/functions/v1/:name{[^/]+}/*', byName);
  app.all('/functions/v1/:name{[^/]+}', byName);
  // The client calls relative /api/...; the dev server proxies it here.
  app.all('/api/*', (c) => invoke(c, 'api', c.req.path));

  // /auth/v1/<rest>: the Auth service sees /<rest>, as GoTrue does behind Kong.
  if (auth) {
    app.all('/auth/v1/*', async (c) => {
      const url = new URL(c.req.url);
      url.pathname = url.pathname.slice('/auth/v1'.length) || '/';
      return withCors(c.req.raw, await auth.fetch(new Request(url, c.req.raw), c.env));
    });
  }

  app.get('/health', (c) => c.json({ status: 'ok' }));
  app.notFound((c) => withCors(c.req.raw, c.json({ message: 'Not found' }, 404)));
  return app;
}

export function listen(app: Hono, port: number): Promise<Server> {
  const server = createServer(getRequestListener(app.fetch));
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve(server);
    });
  });
}
