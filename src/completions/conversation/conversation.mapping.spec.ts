import { mapConversation } from './conversation.mapping';

describe('mapConversation', () => {
  it('takes the last user message as the query, earlier turns as history, system as instructions', () => {
    expect(
      mapConversation([
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'What is Quarry?' },
        { role: 'assistant', content: 'An answer engine [1].' },
        { role: 'developer', content: 'Use British spelling.' },
        {
          role: 'user',
          content: [
            { type: 'text', text: 'How does it ' },
            { type: 'text', text: 'cache?' },
          ],
        },
      ]),
    ).toEqual({
      query: 'How does it cache?',
      history: [
        { role: 'user', content: 'What is Quarry?' },
        { role: 'assistant', content: 'An answer engine [1].' },
      ],
      systemInstructions: 'Be brief.\n\nUse British spelling.',
    });
  });

  it('keeps the words of text parts apart where the parts have no space between them', () => {
    const parts = ['How are results', 'cached?'].map((text) => ({ type: 'text' as const, text }));
    expect(mapConversation([{ role: 'user', content: parts }]).query).toBe(
      'How are results cached?',
    );
    const priced = ['Is it $5', '?'].map((text) => ({ type: 'text' as const, text }));
    expect(mapConversation([{ role: 'user', content: priced }]).query).toBe('Is it $5?');
  });

  it("leaves an agent's tool calls and tool results out of the history", () => {
    expect(
      mapConversation([
        { role: 'user', content: 'What is the weather in Oslo?' },
        { role: 'assistant', content: null },
        { role: 'tool', content: '{"celsius": 4}' },
        { role: 'assistant', content: 'It is 4 °C in Oslo.' },
        { role: 'user', content: 'And how are results cached?' },
      ]),
    ).toEqual({
      query: 'And how are results cached?',
      history: [
        { role: 'user', content: 'What is the weather in Oslo?' },
        { role: 'assistant', content: 'It is 4 °C in Oslo.' },
      ],
    });
  });

  it('has no instructions without system messages', () => {
    expect(mapConversation([{ role: 'user', content: ' hi ' }])).toEqual({
      query: 'hi',
      history: [],
    });
  });

  it('refuses a conversation that does not end with a user message', () => {
    expect(() =>
      mapConversation([
        { role: 'user', content: 'hi' },
        { role: 'assistant', content: 'hello' },
      ]),
    ).toThrow(/last message must be from the user/);
    expect(() => mapConversation([{ role: 'system', content: 'x' }])).toThrow(/last message/);
    expect(() => mapConversation([{ role: 'user', content: '   ' }])).toThrow(/must not be empty/);
  });
});
