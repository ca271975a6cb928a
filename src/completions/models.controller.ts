import { Controller, Get, Param } from '@nestjs/common';
import { QuarryApi, QuarryEndpoint } from '../common/decorators/quarry-endpoint.decorator';
import { ModelListDto, OpenAiModelDto } from './dto/model-list.dto';
import { OpenAiErrorBody } from './errors/openai-error-body';
import { CompletionModelResolver } from './models/completion-model.resolver';

/** When this process started: OpenAI's `created` of a model, stable while it runs. */
const STARTED = Math.floor(Date.now() / 1000);

@QuarryApi('openai-compatible')
@Controller('v1')
export class ModelsController {
  constructor(private readonly models: CompletionModelResolver) {}

  @Get('models')
  @QuarryEndpoint({
    operationId: 'listModels',
    summary: 'List the model ids usable with /v1/chat/completions',
    description:
      'Every chat model of every active provider as `<providerId>/<chatModelKey>`, then every ' +
      "alias of QUARRY_MODEL_ALIASES whose chat model is active, in OpenAI's list shape.",
    ok: ModelListDto,
    errors: { 401: 'Missing or invalid bearer token.' },
    errorBody: OpenAiErrorBody,
  })
  list(): ModelListDto {
    return { object: 'list', data: this.models.list().map(modelObject) };
  }

  @Get('models/:id')
  @QuarryEndpoint({
    operationId: 'retrieveModel',
    summary: 'A model of GET /v1/models',
    description: 'The `/` of an id is sent as %2F, as the OpenAI SDKs send it.',
    ok: OpenAiModelDto,
    errors: { 401: 'Missing or invalid bearer token.', 404: 'model_not_found.' },
    errorBody: OpenAiErrorBody,
  })
  retrieve(@Param('id') id: string): OpenAiModelDto {
    return modelObject(this.models.listed(id));
  }
}

function modelObject(model: { id: string; ownedBy: string }): OpenAiModelDto {
  return { id: model.id, object: 'model', created: STARTED, owned_by: model.ownedBy };
}
