import { createHash } from 'node:crypto';
import { MultipartBody } from '../common/decorators/multipart-body.decorator';
import { extname } from 'node:path';
import { Controller, HttpCode, Inject, Post, Req, UsePipes } from '@nestjs/common';
import { QuarryApi, QuarryEndpoint } from '../common/decorators/quarry-endpoint.decorator';
import type { FastifyRequest } from 'fastify';
import { documentsConfig, type DocumentsConfig } from './documents.config';
import { InvalidDocumentsRequestError } from './documents.errors';
import { DocumentsService } from './documents.service';
import type { OwnerId } from './documents.types';
import { DEFAULT_CHUNKING } from './ingestion/document-chunker';
import { readMultipartForm } from './multipart-upload';
import { Owner } from './owner.decorator';
import { UPLOAD_FILES } from './uploads.openapi';
import { NulFreePipe } from './dto/nul-free.pipe';

/**
 * Perplexica's POST /api/uploads: multipart `files` with the embedding model to use. Each file
 * goes into the caller's "uploads" vector store of that model, so local search finds it.
 */
@QuarryApi('files')
@Controller('api/uploads')
@UsePipes(NulFreePipe)
export class UploadsController {
  constructor(
    private readonly documents: DocumentsService,
    @Inject(documentsConfig.KEY) private readonly config: DocumentsConfig,
  ) {}

  @Post()
  @MultipartBody()
  @HttpCode(200)
  @QuarryEndpoint(UPLOAD_FILES)
  async upload(@Req() request: FastifyRequest, @Owner() owner: OwnerId) {
    const form = await readMultipartForm(request, this.config.maxFileBytes);
    const files = form.files.filter((file) => file.field === 'files');
    if (files.length === 0)
      throw new InvalidDocumentsRequestError('no files were sent (field "files")', 'files');
    const providerId = form.fields.embedding_model_provider_id;
    const key = form.fields.embedding_model_key;
    const embeddingModel = providerId && key ? `${providerId}/${key}` : undefined;
    const storeId = `vs_uploads_${createHash('sha256')
      .update(`${owner}\u0000${embeddingModel ?? ''}`)
      .digest('hex')
      .slice(0, 24)}`;
    await this.documents.ensureStore(owner, storeId, { name: 'uploads', embeddingModel });
    const uploaded = [];
    for (const file of files) {
      const stored = await this.documents.createFile(
        owner,
        file.filename,
        'assistants',
        file.content,
      );
      await this.documents.addFile(owner, storeId, stored.id, {
        attributes: {},
        chunking: DEFAULT_CHUNKING,
      });
      uploaded.push({
        fileName: stored.filename,
        fileExtension: extname(stored.filename).slice(1).toLowerCase(),
        fileId: stored.id,
      });
    }
    return { files: uploaded };
  }
}
