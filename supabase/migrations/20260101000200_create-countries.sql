-- The 21 Spanish-speaking countries of the spec; entries point at one of them.
create table public.countries (
  code char(2) primary key check (code ~ '^[A-Z]{2}$'),
  name_en text not null unique,
  name_es text not null unique
);
comment on table public.countries is 'Spanish-speaking countries an entry can come from (ISO 3166-1 alpha-2).';

alter table public.countries enable row level security;

create policy "Anyone can read countries"
  on public.countries for select
  to anon, authenticated
  using (true);

revoke all on public.countries from anon, authenticated;
grant select on public.countries to anon, authenticated;

insert into public.countries (code, name_en, name_es) values
  ('AR', 'Argentina', 'Argentina'),
  ('BO', 'Bolivia', 'Bolivia'),
  ('CL', 'Chile', 'Chile'),
  ('CO', 'Colombia', 'Colombia'),
  ('CR', 'Costa Rica', 'Costa Rica'),
  ('CU', 'Cuba', 'Cuba'),
  ('DO', 'Dominican Republic', 'República Dominicana'),
  ('EC', 'Ecuador', 'Ecuador'),
  ('SV', 'El Salvador', 'El Salvador'),
  ('GQ', 'Equatorial Guinea', 'Guinea Ecuatorial'),
  ('GT', 'Guatemala', 'Guatemala'),
  ('HN', 'Honduras', 'Honduras'),
  ('MX', 'Mexico', 'México'),
  ('NI', 'Nicaragua', 'Nicaragua'),
  ('PA', 'Panama', 'Panamá'),
  ('PY', 'Paraguay', 'Paraguay'),
  ('PE', 'Peru', 'Perú'),
  ('PR', 'Puerto Rico', 'Puerto Rico'),
  ('ES', 'Spain', 'España'),
  ('UY', 'Uruguay', 'Uruguay'),
  ('VE', 'Venezuela', 'Venezuela');
