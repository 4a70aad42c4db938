import { textAt, type XmlContent, type XmlNode } from '../xml';

// The poll request: the MessageID of the request asked after. Every poll service takes it; each answers with its
// own service's response.

export const pollRequestContent = (messageId: string): XmlContent => ({ ID: { MessageID: messageId } });

export const readPollRequest = (content: XmlNode): string => textAt(content, 'ID', 'MessageID') ?? '';
