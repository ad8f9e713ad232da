import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { rootDir } from '../../../stack/config.ts';

// The /api routes the client calls, read from its source (src/, tests aside): every
// api.get/post/put/delete, apiRequest and apiStream with a literal path. A route is
// `METHOD /path/:param`: each `${...}` of a template is a parameter, the query string dropped.

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((item) => {
    const file = path.join(dir, item.name);
    if (item.isDirectory()) return item.name === 'test' ? [] : sourceFiles(file);
    return /\.tsx?$/.test(item.name) && !/\.test\.tsx?$/.test(item.name) ? [file] : [];
  });
}

/** `/chat/${encodeURIComponent(id)}?x=${y}` → `/chat/:param`. */
const routePath = (text: string) => text.replace(/\?.*$/, '').replace(/\$\{[^}]*\}/g, ':param');

/** A route with its parameters' names replaced, for comparing: `GET /vote/getVoteSummary/:param`. */
export const normalizedRoute = (route: string) => route.replace(/ \(.*\)$/, '').replace(/:\w+/g, ':param');

/** The /api calls of one file's text. */
export function routesIn(text: string): string[] {
  const generic = String.raw`(?:<(?:[^()]|\([^()]*\))*?>)?`;
  const calls = [
    ...[...text.matchAll(new RegExp(String.raw`\bapi\.(get|post|put|delete)\s*${generic}\(\s*(['\`])([^'\`]+)\2`, 'g'))].map(([, method, , url]) => `${method.toUpperCase()} ${routePath(url)}`),
    ...[...text.matchAll(new RegExp(String.raw`\bapiRequest\s*${generic}\(\s*(['\`])([^'\`]+)\1\s*,\s*\{[^}]*\bmethod:\s*'(\w+)'`, 'g'))].map(([, , url, method]) => `${method} ${routePath(url)}`),
    ...[...text.matchAll(new RegExp(String.raw`\bapiStream\s*\(\s*(['\`])([^'\`]+)\1`, 'g'))].map(([, , url]) => `POST ${routePath(url)}`),
  ];
  return calls;
}

export function clientRoutes(): string[] {
  const files = sourceFiles(path.join(rootDir, 'src')).filter((file) => !file.endsWith(path.join('lib', 'api.ts')));
  return [...new Set(files.flatMap((file) => routesIn(readFileSync(file, 'utf8'))))].sort();
}
