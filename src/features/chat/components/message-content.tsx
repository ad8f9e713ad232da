import Markdown, { type Components } from 'react-markdown';
import { Link } from 'react-router';

const ENTRY_LINK = /^\/content\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Only links to our own entries survive; any other address is dropped (its words stay). */
export const entryLinkOnly = (url: string) => (ENTRY_LINK.test(url) ? url : '');

/**
 * The tutor's markdown as readable text: paragraphs, lists, bold, code. Never HTML from the
 * model (skipped), never images, and links only to /content/<id> (inside the app). Once a
 * reply is stored, only the entries it cites (shown entries the tutor was given) stay links:
 * a model that makes an id up, or cites an entry hidden since, gets plain words, not a 404.
 */
export function MessageContent({ content, linkable }: { content: string; linkable?: ReadonlySet<string> }) {
  const components: Components = {
    a: ({ href, children }) =>
      href && ENTRY_LINK.test(href) && (!linkable || linkable.has(href.slice('/content/'.length).toLowerCase())) ? (
        <Link to={href}>{children}</Link>
      ) : (
        <span>{children}</span>
      ),
  };
  return (
    <div className="chat-markdown">
      <Markdown skipHtml urlTransform={entryLinkOnly} disallowedElements={['img']} unwrapDisallowed components={components}>
        {content}
      </Markdown>
    </div>
  );
}
