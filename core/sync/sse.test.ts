import { describe, expect, it } from 'vitest';
import { parseSse } from './sse.js';

describe('parseSse', () => {
  it('splits complete events, keeps a partial one, ignores comments and joins multi-line data', () => {
    expect(parseSse('data: RESYNC\n\n: ping\n\ndata: {"a":\ndata: 1}\n\ndata: {"b"')).toEqual({
      events: ['RESYNC', '{"a":\n1}'],
      rest: 'data: {"b"',
    });
  });

  it('accepts CRLF line ends', () => {
    expect(parseSse('data: RESYNC\r\n\r\n').events).toEqual(['RESYNC']);
  });
});
