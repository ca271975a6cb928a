import { joinChatChunks } from './chat-chunk-joining';

describe('joinChatChunks', () => {
  it('joins the text in order and keeps the usage reported', () => {
    const usage = { promptTokens: 5, completionTokens: 3, totalTokens: 8 };
    expect(joinChatChunks([{ text: 'Hi ' }, { text: 'there' }, { text: '', usage }])).toEqual({
      text: 'Hi there',
      usage,
    });
  });

  it('has no usage when none was reported', () => {
    expect(joinChatChunks([{ text: 'a' }, { text: 'b' }])).toEqual({ text: 'ab' });
  });
});
