import { RemovalPolicy } from 'aws-cdk-lib';
import { AttributeType, Billing, TableV2, type ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { Construct } from 'constructs';
import { TABLE_INDEXES, TABLE_KEYS } from '@shared/schemas/table-schema';

/**
 * The one DynamoDB table (docs/data-model.md). Keys come from shared/schemas/table-schema.ts, the same definition the local
 * stack creates, so the two can never drift. Access patterns: docs/data-model.md.
 */
export interface DataProps {
  /**
   * Use this existing table (a point-in-time restore) instead of the stack's own. The stack's table is retained,
   * not deleted, when this is set (docs/operations.md).
   */
  adoptTableName?: string;
}

export class Data extends Construct {
  readonly table: ITableV2;

  constructor(scope: Construct, id: string, props: DataProps = {}) {
    super(scope, id);
    const { byPerson } = TABLE_INDEXES;
    if (props.adoptTableName) {
      // Naming the index makes the grants cover `<table>/index/*`, as they do for the stack's own table.
      this.table = TableV2.fromTableAttributes(this, 'AdoptedTable', {
        tableName: props.adoptTableName,
        globalIndexes: [byPerson.name],
      });
      return;
    }
    this.table = new TableV2(this, 'Table', {
      partitionKey: { name: TABLE_KEYS.partitionKey, type: AttributeType.STRING },
      sortKey: { name: TABLE_KEYS.sortKey, type: AttributeType.STRING },
      globalSecondaryIndexes: [
        {
          indexName: byPerson.name,
          partitionKey: { name: byPerson.partitionKey, type: AttributeType.STRING },
          sortKey: { name: byPerson.sortKey, type: AttributeType.STRING },
        },
      ],
      // A school's traffic is a few bursts a year (campaigns, progression): on-demand costs nothing when idle.
      billing: Billing.onDemand(),
      timeToLiveAttribute: TABLE_KEYS.ttlAttribute,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      // The directory is the product: neither a console click nor a stack deletion may drop it.
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });
  }
}
