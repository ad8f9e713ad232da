import Markdown, { type Components } from 'react-markdown';
import { Link } from 'react-router';

const ENTRY_LINK = /^\/content\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Only links to our own entries survive; any other address is dropped (its words stay). */
export const entryLinkOnly = (url: string) => (ENTRY_LINK.test(url) ? url : '');

const components: Components = {
  a: ({ href, children }) => (href && ENTRY_LINK.test(href) ? <Link to={href}>{children}</Link> : <span>{children}</span>),
};

/**
 * The tutor's markdown as readable text: paragraphs, lists, bold, code. Never HTML from the
 * model (skipped), never images, and links only to /content/<id> (inside the app).
 */
export function MessageContent({ content }: { content: string }) {
  return (
    <div className="chat-markdown">
      <Markdown skipHtml urlTransform={entryLinkOnly} disallowedElements={['img']} unwrapDisallowed components={components}>
        {content}
      </Markdown>
    </div>
  );
}
