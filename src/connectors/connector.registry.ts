import { Inject, Injectable } from '@nestjs/common';
import { CONNECTORS, type Connector } from './connector';
import { UnknownConnectorError } from './connector.errors';

/** Looks connectors up by identifier. */
@Injectable()
export class ConnectorRegistry {
  private readonly byId: ReadonlyMap<string, Connector>;

  constructor(@Inject(CONNECTORS) connectors: readonly Connector[]) {
    this.byId = new Map(connectors.map((connector) => [connector.id, connector]));
  }

  list(): Connector[] {
    return [...this.byId.values()];
  }

  get(id: string): Connector {
    const connector = this.byId.get(id);
    if (!connector) throw new UnknownConnectorError(id);
    return connector;
  }
}
