import {
  Controller,
  Delete,
  Get,
  HttpCode,
  Inject,
  Param,
  Post,
  Query,
  Req,
  Res,
  UsePipes,
} from '@nestjs/common';
import { MultipartBody } from '../common/decorators/multipart-body.decorator';
import { QuarryApi, QuarryEndpoint } from '../common/decorators/quarry-endpoint.decorator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { documentsConfig, type DocumentsConfig } from './documents.config';
import { InvalidDocumentsRequestError, UnsupportedParameterError } from './documents.errors';
import { DocumentsService } from './documents.service';
import type { OwnerId } from './documents.types';
import {
  CREATE_FILE,
  DELETE_FILE,
  LIST_FILES,
  RETRIEVE_FILE,
  RETRIEVE_FILE_CONTENT,
} from './files.openapi';
import { FilesListQueryDto } from './dto/list-query.dto';
import { deletedObject, fileObject, listObject } from './dto/openai-objects';
import { pageOf } from './dto/page-request';
import { readMultipartForm } from './multipart-upload';
import { Owner } from './owner.decorator';
import { NulFreePipe } from './dto/nul-free.pipe';

/** OpenAI's Files API: the caller's files, for vector stores to ingest. */
@QuarryApi('files')
@Controller('v1/files')
@UsePipes(NulFreePipe)
export class FilesController {
  constructor(
    private readonly documents: DocumentsService,
    @Inject(documentsConfig.KEY) private readonly config: DocumentsConfig,
  ) {}

  @Post()
  @MultipartBody()
  @QuarryEndpoint(CREATE_FILE)
  async create(@Req() request: FastifyRequest, @Owner() owner: OwnerId) {
    const form = await readMultipartForm(request, this.config.maxFileBytes);
    const unknown = Object.keys(form.fields).find((field) => field !== 'purpose');
    if (unknown) throw new UnsupportedParameterError(unknown);
    const file = form.files.find((part) => part.field === 'file');
    if (!file || form.files.length > 1) {
      throw new InvalidDocumentsRequestError('send exactly one file, in the field "file"', 'file');
    }
    if (!form.fields.purpose)
      throw new InvalidDocumentsRequestError('purpose is required', 'purpose');
    return fileObject(
      await this.documents.createFile(owner, file.filename, form.fields.purpose, file.content),
    );
  }

  @Get()
  @QuarryEndpoint(LIST_FILES)
  async list(@Query() query: FilesListQueryDto, @Owner() owner: OwnerId) {
    const page = await this.documents.listFiles(owner, pageOf(query, 10_000), query.purpose);
    return listObject({ data: page.data.map(fileObject), hasMore: page.hasMore });
  }

  @Get(':id')
  @QuarryEndpoint(RETRIEVE_FILE)
  async get(@Param('id') id: string, @Owner() owner: OwnerId) {
    return fileObject(await this.documents.file(owner, id));
  }

  @Get(':id/content')
  @QuarryEndpoint(RETRIEVE_FILE_CONTENT)
  async content(@Param('id') id: string, @Owner() owner: OwnerId, @Res() reply: FastifyReply) {
    const { file, content } = await this.documents.fileContent(owner, id);
    return reply
      .header('content-type', 'application/octet-stream')
      .header('content-disposition', `attachment; filename="${encodeURIComponent(file.filename)}"`)
      .send(content);
  }

  @Delete(':id')
  @HttpCode(200)
  @QuarryEndpoint(DELETE_FILE)
  async delete(@Param('id') id: string, @Owner() owner: OwnerId) {
    await this.documents.deleteFile(owner, id);
    return deletedObject(id, 'file');
  }
}
