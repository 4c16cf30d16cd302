import { AppError } from '@tp/errors';
import type { Shortfall } from '../domain/shortfall.ts';
import type { Charge, PrismaClient } from '../generated/prisma/client.ts';
import type { Balance } from './ledger.ts';
import { spend } from './spending.ts';
import { onceMoreAfterRace, withLedger } from './transaction.ts';

export type ChargeResult = { outcome: 'charged' | 'replayed'; charge: Charge; balance: Balance } | Shortfall;

export interface ChargeInput {
  principalId: string;
  reference: string;
  model: string;
  inputTokens: number;
  outputTokens: number;
  chargedMicro: bigint;
}

/** Charges metered usage once per reference; the same reference answers the first charge. */
function charge(prisma: PrismaClient, input: ChargeInput, now: Date): Promise<ChargeResult> {
  return onceMoreAfterRace(() =>
    withLedger(prisma, input.principalId, now, async (ledger, tx): Promise<ChargeResult> => {
      const existing = await tx.charge.findUnique({ where: { reference: input.reference } });
      if (existing) {
        const same =
          existing.principalId === input.principalId &&
          existing.model === input.model &&
          existing.inputTokens === BigInt(input.inputTokens) &&
          existing.outputTokens === BigInt(input.outputTokens);
        if (!same)
          throw new AppError('conflict', `Usage ${input.reference} was already charged with other figures.`, {
            entry_id: existing.entryId,
          });
        return { outcome: 'replayed', charge: existing, balance: await ledger.close() };
      }
      const { availableMicro } = ledger.balance();
      if (availableMicro < input.chargedMicro) {
        await ledger.close();
        return { outcome: 'insufficient', requiredMicro: input.chargedMicro, availableMicro };
      }
      const allocations = await spend(tx, input.principalId, input.chargedMicro, now);
      const entryId = await ledger.record(
        'charge',
        -input.chargedMicro,
        0n,
        input.reference,
        `${input.model}: ${input.inputTokens} input and ${input.outputTokens} output tokens`,
      );
      const created = await tx.charge.create({
        data: {
          reference: input.reference,
          principalId: input.principalId,
          model: input.model,
          inputTokens: BigInt(input.inputTokens),
          outputTokens: BigInt(input.outputTokens),
          chargedMicro: input.chargedMicro,
          entryId,
          createdAt: now,
          allocations: { create: allocations.map((a) => ({ grantId: a.grantId, amountMicro: a.amountMicro })) },
        },
      });
      return { outcome: 'charged', charge: created, balance: await ledger.close() };
    }),
  );
}

/** Metered charges (AI usage), each once per reference. */
export function createChargeStore(prisma: PrismaClient) {
  return { charge: (input: ChargeInput, now: Date) => charge(prisma, input, now) };
}

export type ChargeStore = ReturnType<typeof createChargeStore>;
