import { Test } from '@nestjs/testing';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ErrorPresenterRegistry } from '../../common/errors/error-presenter.registry';
import { QuarryError } from '../../common/errors/quarry.error';
import { ErrorResponder } from '../../common/filters/error-responder';
import { RequestValidationError } from '../../common/validation/request-validation.error';
import { OpenAiErrorPresenter } from './openai-error.presenter';

/** A reply that records what was sent. */
function replyRecorder() {
  const sent: { status?: number; headers?: Record<string, string>; body?: unknown } = {};
  const reply = {
    sent: false,
    raw: { headersSent: false, destroy: () => undefined },
    status(status: number) {
      sent.status = status;
      return this;
    },
    headers(headers: Record<string, string>) {
      sent.headers = headers;
      return this;
    },
    send(body: unknown) {
      sent.body = body;
      return this;
    },
  };
  return { reply: reply as unknown as FastifyReply, sent };
}

async function responder(): Promise<ErrorResponder> {
  const moduleRef = await Test.createTestingModule({
    providers: [ErrorPresenterRegistry, ErrorResponder, OpenAiErrorPresenter],
  }).compile();
  await moduleRef.init(); // the presenter registers itself on init
  return moduleRef.get(ErrorResponder);
}

const request = (url: string) => ({ url, id: 'req-1' }) as unknown as FastifyRequest;

describe('the /v1 error presenter in the one error pipeline', () => {
  it('answers /v1 in OpenAI shape, naming the field the validation pipe reported', async () => {
    const { reply, sent } = replyRecorder();
    const error = new RequestValidationError([
      { field: 'temperature', message: 'temperature must be from 0 to 2' },
      { field: 'top_p', message: 'top_p must be a number' },
    ]);
    (await responder()).send(error, request('/v1/chat/completions'), reply);
    expect(sent).toEqual({
      status: 400,
      headers: {},
      body: {
        error: {
          message: 'temperature must be from 0 to 2; top_p must be a number',
          type: 'invalid_request_error',
          param: 'temperature',
          code: null,
        },
      },
    });
  });

  it('leaves every other path in the service shape, with the same status and headers', async () => {
    const { reply, sent } = replyRecorder();
    const error = new QuarryError('slow down', 429, { 'retry-after': '1' });
    (await responder()).send(error, request('/api/search'), reply);
    expect(sent).toEqual({
      status: 429,
      headers: { 'retry-after': '1' },
      body: {
        statusCode: 429,
        error: 'Too Many Requests',
        message: 'slow down',
        requestId: 'req-1',
      },
    });
    const openAi = replyRecorder();
    (await responder()).send(error, request('/v1/models'), openAi.reply);
    expect(openAi.sent.body).toEqual({
      error: {
        message: 'slow down',
        type: 'rate_limit_error',
        param: null,
        code: 'rate_limit_exceeded',
      },
    });
  });

  it("leaves the framework's own error names out of OpenAI's code", async () => {
    const { reply, sent } = replyRecorder();
    const error = Object.assign(new QuarryError('Body is not valid JSON', 400), {
      code: 'FST_ERR_CTP_INVALID_JSON_BODY',
    });
    (await responder()).send(error, request('/v1/chat/completions'), reply);
    expect(sent.body).toEqual({
      error: {
        message: 'Body is not valid JSON',
        type: 'invalid_request_error',
        param: null,
        code: null,
      },
    });
  });
});
