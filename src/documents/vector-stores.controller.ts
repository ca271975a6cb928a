import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { InvalidDocumentsRequestError } from './documents.errors';
import { DocumentsService } from './documents.service';
import type { OwnerId } from './documents.types';
import { attributeFilterOf, attributesOf } from './dto/attribute-filter.parser';
import { chunkingOf } from './dto/chunking-strategy';
import { ListQueryDto } from './dto/list-query.dto';
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
import { VectorStoreSearch } from './vector-store-search.service';

/** OpenAI's Vector Stores API: the caller's stores, their files and batches, and search in them. */
@ApiTags('vector-stores')
@ApiBearerAuth()
@Controller('v1/vector_stores')
export class VectorStoresController {
  constructor(
    private readonly documents: DocumentsService,
    private readonly search: VectorStoreSearch,
  ) {}

  @Post()
  @ApiOperation({
    operationId: 'createVectorStore',
    summary: 'Create a vector store, optionally with files',
  })
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
  @ApiOperation({ operationId: 'listVectorStores', summary: "List the caller's vector stores" })
  async list(@Query() query: ListQueryDto, @Owner() owner: OwnerId) {
    const page = await this.documents.listStores(owner, pageOf(query));
    return listObject({ data: page.data.map(vectorStoreObject), hasMore: page.hasMore });
  }

  @Get(':id')
  @ApiOperation({
    operationId: 'retrieveVectorStore',
    summary: 'A vector store, with its file counts',
  })
  async get(@Param('id') id: string, @Owner() owner: OwnerId) {
    return vectorStoreObject(await this.documents.store(owner, id));
  }

  @Post(':id')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'modifyVectorStore',
    summary: 'Rename a vector store or change its metadata',
  })
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
  @ApiOperation({
    operationId: 'deleteVectorStore',
    summary: 'Delete a vector store (its files stay)',
  })
  async delete(@Param('id') id: string, @Owner() owner: OwnerId) {
    await this.documents.deleteStore(owner, id);
    return deletedObject(id, 'vector_store.deleted');
  }

  @Post(':id/files')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'createVectorStoreFile',
    summary: 'Add a file to a vector store: ingested in the background (status in_progress)',
  })
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
  @ApiOperation({ operationId: 'listVectorStoreFiles', summary: 'The files of a vector store' })
  async listFiles(@Param('id') id: string, @Query() query: ListQueryDto, @Owner() owner: OwnerId) {
    const page = await this.documents.listStoreFiles(owner, id, pageOf(query), {
      status: query.filter,
    });
    return listObject({ data: page.data.map(storeFileObject), hasMore: page.hasMore });
  }

  @Get(':id/files/:fileId')
  @ApiOperation({
    operationId: 'retrieveVectorStoreFile',
    summary: 'A file of a vector store, with its status',
  })
  async getFile(@Param('id') id: string, @Param('fileId') fileId: string, @Owner() owner: OwnerId) {
    return storeFileObject(await this.documents.storeFile(owner, id, fileId));
  }

  @Delete(':id/files/:fileId')
  @ApiOperation({
    operationId: 'deleteVectorStoreFile',
    summary: 'Take a file out of a vector store',
  })
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
  @ApiOperation({ operationId: 'createVectorStoreFileBatch', summary: 'Add several files at once' })
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
  @ApiOperation({
    operationId: 'retrieveVectorStoreFileBatch',
    summary: 'A file batch, with its counts',
  })
  async getBatch(
    @Param('id') id: string,
    @Param('batchId') batchId: string,
    @Owner() owner: OwnerId,
  ) {
    return batchObject(await this.documents.batch(owner, id, batchId));
  }

  @Post(':id/file_batches/:batchId/cancel')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'cancelVectorStoreFileBatch',
    summary: 'Cancel the files of a batch not yet ingested',
  })
  async cancelBatch(
    @Param('id') id: string,
    @Param('batchId') batchId: string,
    @Owner() owner: OwnerId,
  ) {
    return batchObject(await this.documents.cancelBatch(owner, id, batchId));
  }

  @Get(':id/file_batches/:batchId/files')
  @ApiOperation({ operationId: 'listVectorStoreFileBatchFiles', summary: 'The files of a batch' })
  async batchFiles(
    @Param('id') id: string,
    @Param('batchId') batchId: string,
    @Query() query: ListQueryDto,
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
  @ApiOperation({
    operationId: 'searchVectorStore',
    summary:
      'Search the chunks of a vector store (full text and embeddings), with attribute filters',
  })
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
    await this.documents.checkStoreReadable(owner, id);
    const query = queries.join(' ');
    const searched = body.rewrite_query ? this.search.rewrite(query) : query;
    const hits = await this.search.search([id], searched, {
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
