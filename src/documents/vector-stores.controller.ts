import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  Post,
  Query,
  Req,
  UsePipes,
} from '@nestjs/common';
import { QuarryApi, QuarryEndpoint } from '../common/decorators/quarry-endpoint.decorator';
import type { FastifyRequest } from 'fastify';
import { InvalidDocumentsRequestError } from './documents.errors';
import { DocumentsService } from './documents.service';
import type { OwnerId } from './documents.types';
import { attributeFilterOf, attributesOf } from './dto/attribute-filter.parser';
import { chunkingOf } from './dto/chunking-strategy';
import { ListQueryDto, StoreFilesListQueryDto } from './dto/list-query.dto';
import {
  batchObject,
  deletedObject,
  listObject,
  storeFileObject,
  vectorStoreObject,
} from './dto/openai-objects';
import { pageOf } from './dto/page-request';
import {
  AddStoreFileDto,
  CreateFileBatchDto,
  CreateVectorStoreDto,
  UpdateVectorStoreDto,
  VectorStoreSearchDto,
} from './dto/vector-store-bodies.dto';
import { Owner } from './owner.decorator';
import { refuseUnsupportedFields } from './request-fields';
import {
  CANCEL_VECTOR_STORE_FILE_BATCH,
  CREATE_VECTOR_STORE,
  CREATE_VECTOR_STORE_FILE,
  CREATE_VECTOR_STORE_FILE_BATCH,
  DELETE_VECTOR_STORE,
  DELETE_VECTOR_STORE_FILE,
  LIST_VECTOR_STORES,
  LIST_VECTOR_STORE_FILES,
  LIST_VECTOR_STORE_FILE_BATCH_FILES,
  MODIFY_VECTOR_STORE,
  RETRIEVE_VECTOR_STORE,
  RETRIEVE_VECTOR_STORE_FILE,
  RETRIEVE_VECTOR_STORE_FILE_BATCH,
  SEARCH_VECTOR_STORE,
} from './vector-stores.openapi';
import { VectorStoreSearch } from './vector-store-search.service';
import { NulFreePipe } from './dto/nul-free.pipe';

/** OpenAI's rankers: Quarry has one ranking, which each of them names. */
const RANKERS: readonly unknown[] = ['none', 'auto', 'default-2024-11-15'];

/** OpenAI's Vector Stores API: the caller's stores, their files and batches, and search in them. */
@QuarryApi('vector-stores')
@Controller('v1/vector_stores')
@UsePipes(NulFreePipe)
export class VectorStoresController {
  constructor(
    private readonly documents: DocumentsService,
    private readonly search: VectorStoreSearch,
  ) {}

  @Post()
  @QuarryEndpoint(CREATE_VECTOR_STORE)
  async create(
    @Body() body: CreateVectorStoreDto,
    @Req() request: FastifyRequest,
    @Owner() owner: OwnerId,
  ) {
    refuseUnsupportedFields(request.body, [
      'name',
      'file_ids',
      'metadata',
      'chunking_strategy',
      'embedding_model',
    ]);
    const store = await this.documents.createStore(owner, {
      name: body.name,
      metadata: body.metadata,
      embeddingModel: body.embedding_model,
      fileIds: body.file_ids,
      chunking: chunkingOf(body.chunking_strategy),
    });
    return vectorStoreObject(store);
  }

  @Get()
  @QuarryEndpoint(LIST_VECTOR_STORES)
  async list(@Query() query: ListQueryDto, @Owner() owner: OwnerId) {
    const page = await this.documents.listStores(owner, pageOf(query));
    return listObject({ data: page.data.map(vectorStoreObject), hasMore: page.hasMore });
  }

  @Get(':id')
  @QuarryEndpoint(RETRIEVE_VECTOR_STORE)
  async get(@Param('id') id: string, @Owner() owner: OwnerId) {
    return vectorStoreObject(await this.documents.store(owner, id));
  }

  @Post(':id')
  @HttpCode(200)
  @QuarryEndpoint(MODIFY_VECTOR_STORE)
  async update(
    @Param('id') id: string,
    @Body() body: UpdateVectorStoreDto,
    @Req() request: FastifyRequest,
    @Owner() owner: OwnerId,
  ) {
    refuseUnsupportedFields(request.body, ['name', 'metadata']);
    return vectorStoreObject(await this.documents.updateStore(owner, id, body));
  }

  @Delete(':id')
  @QuarryEndpoint(DELETE_VECTOR_STORE)
  async delete(@Param('id') id: string, @Owner() owner: OwnerId) {
    await this.documents.deleteStore(owner, id);
    return deletedObject(id, 'vector_store.deleted');
  }

  @Post(':id/files')
  @HttpCode(200)
  @QuarryEndpoint(CREATE_VECTOR_STORE_FILE)
  async addFile(
    @Param('id') id: string,
    @Body() body: AddStoreFileDto,
    @Req() request: FastifyRequest,
    @Owner() owner: OwnerId,
  ) {
    refuseUnsupportedFields(request.body, ['file_id', 'attributes', 'chunking_strategy']);
    const file = await this.documents.addFile(owner, id, body.file_id, {
      attributes: attributesOf(body.attributes),
      chunking: chunkingOf(body.chunking_strategy),
    });
    return storeFileObject(file);
  }

  @Get(':id/files')
  @QuarryEndpoint(LIST_VECTOR_STORE_FILES)
  async listFiles(
    @Param('id') id: string,
    @Query() query: StoreFilesListQueryDto,
    @Owner() owner: OwnerId,
  ) {
    const page = await this.documents.listStoreFiles(owner, id, pageOf(query), {
      status: query.filter,
    });
    return listObject({ data: page.data.map(storeFileObject), hasMore: page.hasMore });
  }

  @Get(':id/files/:fileId')
  @QuarryEndpoint(RETRIEVE_VECTOR_STORE_FILE)
  async getFile(@Param('id') id: string, @Param('fileId') fileId: string, @Owner() owner: OwnerId) {
    return storeFileObject(await this.documents.storeFile(owner, id, fileId));
  }

  @Delete(':id/files/:fileId')
  @QuarryEndpoint(DELETE_VECTOR_STORE_FILE)
  async removeFile(
    @Param('id') id: string,
    @Param('fileId') fileId: string,
    @Owner() owner: OwnerId,
  ) {
    await this.documents.removeFile(owner, id, fileId);
    return deletedObject(fileId, 'vector_store.file.deleted');
  }

  @Post(':id/file_batches')
  @HttpCode(200)
  @QuarryEndpoint(CREATE_VECTOR_STORE_FILE_BATCH)
  async createBatch(
    @Param('id') id: string,
    @Body() body: CreateFileBatchDto,
    @Req() request: FastifyRequest,
    @Owner() owner: OwnerId,
  ) {
    refuseUnsupportedFields(request.body, ['file_ids', 'attributes', 'chunking_strategy']);
    const batch = await this.documents.createBatch(owner, id, body.file_ids, {
      attributes: attributesOf(body.attributes),
      chunking: chunkingOf(body.chunking_strategy),
    });
    return batchObject(batch);
  }

  @Get(':id/file_batches/:batchId')
  @QuarryEndpoint(RETRIEVE_VECTOR_STORE_FILE_BATCH)
  async getBatch(
    @Param('id') id: string,
    @Param('batchId') batchId: string,
    @Owner() owner: OwnerId,
  ) {
    return batchObject(await this.documents.batch(owner, id, batchId));
  }

  @Post(':id/file_batches/:batchId/cancel')
  @HttpCode(200)
  @QuarryEndpoint(CANCEL_VECTOR_STORE_FILE_BATCH)
  async cancelBatch(
    @Param('id') id: string,
    @Param('batchId') batchId: string,
    @Owner() owner: OwnerId,
  ) {
    return batchObject(await this.documents.cancelBatch(owner, id, batchId));
  }

  @Get(':id/file_batches/:batchId/files')
  @QuarryEndpoint(LIST_VECTOR_STORE_FILE_BATCH_FILES)
  async batchFiles(
    @Param('id') id: string,
    @Param('batchId') batchId: string,
    @Query() query: StoreFilesListQueryDto,
    @Owner() owner: OwnerId,
  ) {
    await this.documents.batch(owner, id, batchId);
    const page = await this.documents.listStoreFiles(owner, id, pageOf(query), {
      status: query.filter,
      batchId,
    });
    return listObject({ data: page.data.map(storeFileObject), hasMore: page.hasMore });
  }

  @Post(':id/search')
  @HttpCode(200)
  @QuarryEndpoint(SEARCH_VECTOR_STORE)
  async searchStore(
    @Param('id') id: string,
    @Body() body: VectorStoreSearchDto,
    @Req() request: FastifyRequest,
    @Owner() owner: OwnerId,
  ) {
    refuseUnsupportedFields(request.body, [
      'query',
      'max_num_results',
      'filters',
      'ranking_options',
      'rewrite_query',
    ]);
    refuseUnsupportedFields(body.ranking_options, ['ranker', 'score_threshold']);
    const ranker = body.ranking_options?.ranker;
    if (ranker !== undefined && !RANKERS.includes(ranker)) {
      throw new InvalidDocumentsRequestError(
        `ranking_options.ranker must be one of: ${RANKERS.join(', ')}`,
        'ranking_options',
      );
    }
    const threshold = body.ranking_options?.score_threshold;
    if (
      threshold !== undefined &&
      (typeof threshold !== 'number' || threshold < 0 || threshold > 1)
    ) {
      throw new InvalidDocumentsRequestError(
        'ranking_options.score_threshold must be a number from 0 to 1',
        'ranking_options',
      );
    }
    const queries = Array.isArray(body.query) ? body.query : [body.query];
    if (
      queries.length === 0 ||
      queries.some((query) => typeof query !== 'string' || !query.trim())
    ) {
      throw new InvalidDocumentsRequestError(
        'query must be a non-empty string or array of strings',
        'query',
      );
    }
    const query = queries.join(' ');
    const searched = body.rewrite_query ? this.search.rewrite(query) : query;
    const hits = await this.search.searchStore(owner, id, searched, {
      maxResults: body.max_num_results ?? 10,
      filter: body.filters === undefined ? undefined : attributeFilterOf(body.filters),
      scoreThreshold: threshold,
    });
    return {
      object: 'vector_store.search_results.page',
      search_query: searched,
      data: hits.map((hit) => ({
        file_id: hit.fileId,
        filename: hit.filename,
        score: hit.score,
        attributes: hit.attributes,
        content: [{ type: 'text', text: hit.text }],
      })),
      has_more: false,
      next_page: null,
    };
  }
}
