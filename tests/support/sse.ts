/** One server-sent event, its `data` parsed as JSON. */
export interface ServerSentEvent {
  event: string;
  // Each event's data has its own shape; tests read it their own way.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  data: any;
}

/** The events in a text/event-stream body (events without data, e.g. comments, are skipped). */
export function parseEvents(text: string): ServerSentEvent[] {
  const events: ServerSentEvent[] = [];
  for (const block of text.split(/\r?\n\r?\n/)) {
    let event = 'message';
    const data: string[] = [];
    for (const line of block.split(/\r?\n/)) {
      if (line.startsWith('event:')) event = line.slice(6).trim();
      else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
    }
    if (data.length) events.push({ event, data: JSON.parse(data.join('\n')) });
  }
  return events;
}

/** Reads a streamed reply event by event, calling `onEvent` as each arrives; resolves with them all. */
export async function readEvents(response: Response, onEvent: (event: ServerSentEvent) => void = () => {}): Promise<ServerSentEvent[]> {
  const events: ServerSentEvent[] = [];
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    buffer += value;
    const end = buffer.lastIndexOf('\n\n');
    if (end < 0) continue;
    for (const event of parseEvents(buffer.slice(0, end))) {
      events.push(event);
      onEvent(event);
    }
    buffer = buffer.slice(end + 2);
  }
  for (const event of parseEvents(buffer)) {
    events.push(event);
    onEvent(event);
  }
  return events;
}
