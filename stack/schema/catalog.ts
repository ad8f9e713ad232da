import type postgres from 'postgres';

/**
 * The database's objects read from Postgres's catalogs, each as a block of SQL text under a
 * stable key (`table public.entries`, `function private.notify(uuid, text)`). Blocks never
 * name OIDs or creation order, so the same migrations always give the same text.
 */
export interface SchemaBlock {
  section: 'schemas' | 'types' | 'tables' | 'views' | 'functions' | 'publication' | 'cron';
  key: string;
  text: string;
}

type Sql = postgres.Sql;

/** Schemas Postgres itself owns: never part of the app's shape. */
const SYSTEM = `n.nspname not in ('pg_catalog', 'information_schema', 'pg_toast') and n.nspname !~ '^pg_(temp|toast_temp)_'`;

const quoteLiteral = (text: string) => `'${text.replaceAll("'", "''")}'`;

/** `grant ... to ...;` lines for an object's ACL (owner's own rights left out, as pg_dump does). */
async function grantLines(sql: Sql, acl: string | null, owner: string, defaultKind: string, target: string): Promise<string[]> {
  const rows = await sql<{ grantee: string; privileges: string[] }[]>`
    select case when a.grantee = 0 then 'public' else quote_ident(pg_get_userbyid(a.grantee)) end as grantee,
           array_agg(lower(a.privilege_type) order by a.privilege_type) as privileges
      from aclexplode(coalesce(${acl}::aclitem[], acldefault(${defaultKind}::"char", (select oid from pg_roles where rolname = ${owner})))) a
     where a.grantee <> (select oid from pg_roles where rolname = ${owner})
     group by 1 order by 1`;
  return rows.map((row) => `grant ${row.privileges.join(', ')} on ${target} to ${row.grantee};`);
}

async function schemaBlocks(sql: Sql): Promise<SchemaBlock[]> {
  const rows = await sql<{ name: string; owner: string; acl: string | null; comment: string | null }[]>`
    select quote_ident(n.nspname) as name, pg_get_userbyid(n.nspowner) as owner, n.nspacl::text as acl,
           obj_description(n.oid, 'pg_namespace') as comment
      from pg_namespace n where ${sql.unsafe(SYSTEM)} order by n.nspname`;
  const blocks: SchemaBlock[] = [];
  for (const row of rows) {
    const lines = [`create schema ${row.name};`, ...(await grantLines(sql, row.acl, row.owner, 'n', `schema ${row.name}`))];
    if (row.comment) lines.push(`comment on schema ${row.name} is ${quoteLiteral(row.comment)};`);
    blocks.push({ section: 'schemas', key: `schema ${row.name}`, text: lines.join('\n') });
  }
  return blocks;
}

async function typeBlocks(sql: Sql): Promise<SchemaBlock[]> {
  const rows = await sql<{ name: string; kind: string; detail: string; comment: string | null }[]>`
    select format('%I.%I', n.nspname, t.typname) as name, t.typtype::text as kind,
           case t.typtype
             when 'e' then (select string_agg(quote_literal(e.enumlabel), ', ' order by e.enumsortorder) from pg_enum e where e.enumtypid = t.oid)
             when 'd' then format_type(t.typbasetype, t.typtypmod) || coalesce(' ' || (select string_agg(pg_get_constraintdef(c.oid), ' ' order by c.conname) from pg_constraint c where c.contypid = t.oid), '')
             else (select string_agg(format('%I %s', a.attname, format_type(a.atttypid, a.atttypmod)), ', ' order by a.attnum)
                     from pg_attribute a where a.attrelid = t.typrelid and a.attnum > 0 and not a.attisdropped)
           end as detail,
           obj_description(t.oid, 'pg_type') as comment
      from pg_type t join pg_namespace n on n.oid = t.typnamespace
     where ${sql.unsafe(SYSTEM)} and (t.typtype in ('e', 'd') or (t.typtype = 'c' and (select relkind from pg_class where oid = t.typrelid) = 'c'))
       and not exists (select from pg_depend d where d.objid = t.oid and d.deptype = 'e')
     order by 1`;
  return rows.map((row) => {
    const body = row.kind === 'e' ? `as enum (${row.detail})` : row.kind === 'd' ? `as ${row.detail}` : `as (${row.detail})`;
    const lines = [`create ${row.kind === 'd' ? 'domain' : 'type'} ${row.name} ${body};`];
    if (row.comment) lines.push(`comment on type ${row.name} is ${quoteLiteral(row.comment)};`);
    return { section: 'types', key: `type ${row.name}`, text: lines.join('\n') };
  });
}

interface RelationRow {
  oid: number;
  name: string;
  kind: string;
  owner: string;
  acl: string | null;
  rls: boolean;
  forceRls: boolean;
  comment: string | null;
}

async function columnLines(sql: Sql, relation: RelationRow): Promise<{ columns: string[]; comments: string[]; grants: string[] }> {
  const rows = await sql<{ name: string; type: string; notNull: boolean; generated: string; identity: string; fallback: string | null; comment: string | null; acl: string | null }[]>`
    select quote_ident(a.attname) as name, format_type(a.atttypid, a.atttypmod) as type, a.attnotnull as "notNull",
           a.attgenerated::text as generated, a.attidentity::text as identity, pg_get_expr(d.adbin, d.adrelid) as fallback,
           col_description(a.attrelid, a.attnum) as comment, a.attacl::text as acl
      from pg_attribute a left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
     where a.attrelid = ${relation.oid} and a.attnum > 0 and not a.attisdropped order by a.attnum`;
  const columns = rows.map((row) => {
    let line = `  ${row.name} ${row.type}`;
    if (row.generated === 's') line += ` generated always as (${row.fallback}) stored`;
    else if (row.identity) line += ` generated ${row.identity === 'a' ? 'always' : 'by default'} as identity`;
    else if (row.fallback !== null) line += ` default ${row.fallback}`;
    return row.notNull ? `${line} not null` : line;
  });
  const comments = rows.filter((row) => row.comment).map((row) => `comment on column ${relation.name}.${row.name} is ${quoteLiteral(row.comment!)};`);
  const grants: string[] = [];
  for (const row of rows.filter((column) => column.acl)) {
    const target = `${relation.name}`;
    for (const line of await grantLines(sql, row.acl, relation.owner, 'c', target)) {
      grants.push(line.replace(/^grant (.*?) on /, (_all, privileges: string) => `grant ${privileges} (${row.name}) on `));
    }
  }
  return { columns, comments, grants };
}

/** Constraints, indexes, policies and triggers of one table, each a line, in name order. */
async function tableParts(sql: Sql, relation: RelationRow): Promise<string[]> {
  const constraints = await sql<{ line: string }[]>`
    select format('alter table %s add constraint %I %s;', ${relation.name}::text, c.conname, pg_get_constraintdef(c.oid)) as line
      from pg_constraint c where c.conrelid = ${relation.oid} order by c.conname`;
  const indexes = await sql<{ line: string }[]>`
    select pg_get_indexdef(i.indexrelid) || ';' as line
      from pg_index i join pg_class c on c.oid = i.indexrelid
     where i.indrelid = ${relation.oid} and not exists (select from pg_constraint k where k.conindid = i.indexrelid and k.conrelid = i.indrelid)
     order by c.relname`;
  const policies = await sql<{ line: string }[]>`
    select format('create policy %I on %s as %s for %s to %s%s%s;', p.polname, ${relation.name}::text,
                  case when p.polpermissive then 'permissive' else 'restrictive' end,
                  case p.polcmd when 'r' then 'select' when 'a' then 'insert' when 'w' then 'update' when 'd' then 'delete' else 'all' end,
                  (select string_agg(case when r = 0 then 'public' else quote_ident(pg_get_userbyid(r)) end, ', ' order by 1) from unnest(p.polroles) r),
                  coalesce(E'\n  using (' || pg_get_expr(p.polqual, p.polrelid) || ')', ''),
                  coalesce(E'\n  with check (' || pg_get_expr(p.polwithcheck, p.polrelid) || ')', '')) as line
      from pg_policy p where p.polrelid = ${relation.oid} order by p.polname`;
  const triggers = await sql<{ line: string }[]>`
    select pg_get_triggerdef(t.oid) || ';' as line from pg_trigger t where t.tgrelid = ${relation.oid} and not t.tgisinternal order by t.tgname`;
  return [...constraints, ...indexes, ...policies, ...triggers].map((row) => row.line);
}

async function relationBlocks(sql: Sql): Promise<SchemaBlock[]> {
  const relations = await sql<RelationRow[]>`
    select c.oid::int as oid, format('%I.%I', n.nspname, c.relname) as name, c.relkind::text as kind, pg_get_userbyid(c.relowner) as owner,
           c.relacl::text as acl, c.relrowsecurity as rls, c.relforcerowsecurity as "forceRls", obj_description(c.oid, 'pg_class') as comment
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where ${sql.unsafe(SYSTEM)} and c.relkind in ('r', 'p', 'v', 'm', 'S')
       and not exists (select from pg_depend d where d.objid = c.oid and d.deptype in ('e', 'a', 'i'))
     order by 2`;
  const blocks: SchemaBlock[] = [];
  for (const relation of relations) {
    const lines: string[] = [];
    const kindWord = relation.kind === 'S' ? 'sequence' : relation.kind === 'v' ? 'view' : relation.kind === 'm' ? 'materialized view' : 'table';
    const { columns, comments, grants } = await columnLines(sql, relation);
    if (relation.kind === 'r' || relation.kind === 'p') {
      lines.push(`create table ${relation.name} (\n${columns.join(',\n')}\n);`, ...(await tableParts(sql, relation)));
      if (relation.rls) lines.push(`alter table ${relation.name} enable row level security;`);
      if (relation.forceRls) lines.push(`alter table ${relation.name} force row level security;`);
    } else if (relation.kind === 'S') {
      lines.push(`create sequence ${relation.name};`);
    } else {
      const [view] = await sql<{ body: string }[]>`select pg_get_viewdef(${relation.oid}::oid, true) as body`;
      lines.push(`create ${kindWord} ${relation.name} as\n${view.body.trimEnd()}`, ...(await tableParts(sql, relation)));
    }
    lines.push(...(await grantLines(sql, relation.acl, relation.owner, relation.kind === 'S' ? 's' : 'r', relation.name)), ...grants);
    if (relation.comment) lines.push(`comment on ${kindWord} ${relation.name} is ${quoteLiteral(relation.comment)};`);
    lines.push(...comments);
    blocks.push({ section: relation.kind === 'v' || relation.kind === 'm' ? 'views' : 'tables', key: `${kindWord} ${relation.name}`, text: lines.join('\n') });
  }
  return blocks;
}

async function functionBlocks(sql: Sql): Promise<SchemaBlock[]> {
  const rows = await sql<{ oid: number; signature: string; owner: string; acl: string | null; comment: string | null; definition: string }[]>`
    select p.oid::int as oid, format('%I.%I(%s)', n.nspname, p.proname, pg_get_function_identity_arguments(p.oid)) as signature,
           pg_get_userbyid(p.proowner) as owner, p.proacl::text as acl, obj_description(p.oid, 'pg_proc') as comment,
           case when p.prokind = 'a' then format('-- aggregate %I.%I', n.nspname, p.proname) else pg_get_functiondef(p.oid) end as definition
      from pg_proc p join pg_namespace n on n.oid = p.pronamespace
     where ${sql.unsafe(SYSTEM)} and not exists (select from pg_depend d where d.objid = p.oid and d.deptype = 'e')
     order by 2`;
  const blocks: SchemaBlock[] = [];
  for (const row of rows) {
    const lines = [`${row.definition.trimEnd()};`, ...(await grantLines(sql, row.acl, row.owner, 'f', `function ${row.signature}`))];
    if (row.comment) lines.push(`comment on function ${row.signature} is ${quoteLiteral(row.comment)};`);
    blocks.push({ section: 'functions', key: `function ${row.signature}`, text: lines.join('\n') });
  }
  return blocks;
}

async function publicationBlocks(sql: Sql): Promise<SchemaBlock[]> {
  const rows = await sql<{ publication: string; tables: string[] }[]>`
    select p.pubname as publication, coalesce(array_agg(format('%I.%I', t.schemaname, t.tablename) order by 1) filter (where t.tablename is not null), '{}') as tables
      from pg_publication p left join pg_publication_tables t on t.pubname = p.pubname group by p.pubname order by 1`;
  return rows.map((row) => ({
    section: 'publication',
    key: `publication ${row.publication}`,
    text: [`create publication ${row.publication};`, ...row.tables.map((table) => `alter publication ${row.publication} add table ${table};`)].join('\n'),
  }));
}

/** Supabase Cron's jobs, where pg_cron is installed (hosted Supabase; not embedded Postgres). */
async function cronBlocks(sql: Sql): Promise<SchemaBlock[]> {
  const [{ present }] = await sql<{ present: boolean }[]>`select to_regclass('cron.job') is not null as present`;
  if (!present) return [];
  const rows = await sql<{ name: string; schedule: string; command: string }[]>`select jobname as name, schedule, command from cron.job order by jobname`;
  return rows.map((row) => ({ section: 'cron', key: `cron ${row.name}`, text: `select cron.schedule(${quoteLiteral(row.name)}, ${quoteLiteral(row.schedule)}, ${quoteLiteral(row.command)});` }));
}

/** Every object of the database as blocks, in a stable order. */
export async function readCatalog(sql: Sql): Promise<SchemaBlock[]> {
  const blocks = [
    ...(await schemaBlocks(sql)),
    ...(await typeBlocks(sql)),
    ...(await relationBlocks(sql)),
    ...(await functionBlocks(sql)),
    ...(await publicationBlocks(sql)),
    ...(await cronBlocks(sql)),
  ];
  return blocks;
}
