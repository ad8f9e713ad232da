import { NotFound } from '@/app/components/not-found';

export function NotFoundPage() {
  return <NotFound />;
}
