import { useEffect, useState } from 'react';
import { Alert, Button, Group, Modal, Paper, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { formatMoneyWithCode } from '@merchant/core';
import { exchangeRateLabel, maskAccount, type Quote, type SendMoneyOverview } from '@merchant/payments';
import { MoneyInput } from '@/components/money-input';
import { useMoneyField } from '@/components/form/use-money-field';
import { Fact } from '@/components/fact';
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';
import { notifySuccess } from '@/lib/notify';
import { beneficiariesQuery, useQuote, useSendTransfer } from '../api/send-money-api';

const money = (m: { amount: number; currency: string }) => formatMoneyWithCode(m.amount, m.currency);

/** Seconds left on a quote, counted from when it arrived (so a server clock moved ahead does not matter). */
function useSecondsLeft(quote: { quote: Quote; receivedAt: number } | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!quote) return undefined;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [quote]);
  if (!quote) return 0;
  const lifetime = new Date(quote.quote.expires_at).getTime() - new Date(quote.quote.created_at).getTime();
  return Math.max(0, Math.ceil((lifetime - (now - quote.receivedAt)) / 1000));
}

const clock = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

/**
 * The "Send money" flow: pick a beneficiary, the balance to send from and the amount, get a quote (rate, fee,
 * amount received, counting down its five minutes), then confirm. A new quote is asked for whenever a choice changes.
 */
export function SendMoneyModal({
  businessId,
  balances,
  opened,
  onClose,
}: {
  businessId: string;
  balances: SendMoneyOverview['balances'];
  opened: boolean;
  onClose: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title="Send money" centered size="lg">
      {opened ? <SendMoneyForm businessId={businessId} balances={balances} onClose={onClose} /> : null}
    </Modal>
  );
}

function SendMoneyForm({ businessId, balances, onClose }: { businessId: string; balances: SendMoneyOverview['balances']; onClose: () => void }) {
  const payees = useInfiniteQuery(beneficiariesQuery(businessId, { status: 'active' }));
  const options = payees.data?.pages.flatMap((p) => p.data) ?? [];
  const [beneficiaryId, setBeneficiaryId] = useState<string | null>(null);
  const [source, setSource] = useState(balances[0]?.currency ?? 'sgd');
  const sending = useMoneyField();
  const amount = sending.amount;
  const [reference, setReference] = useState('');
  // The quote of the amount it was asked for: typing another amount sets it aside.
  const [asked, setQuoted] = useState<{ quote: Quote; receivedAt: number; amount: number } | null>(null);
  const quoted = asked && asked.amount === amount ? asked : null;
  const [errors, setErrors] = useState<Record<string, string>>({});
  const quote = useQuote(businessId);
  const send = useSendTransfer(businessId);
  const secondsLeft = useSecondsLeft(quoted);
  const rate = quoted ? exchangeRateLabel(quoted.quote) : null;
  const beneficiary = options.find((b) => b.id === beneficiaryId) ?? null;
  const available = balances.find((b) => b.currency === source)?.available.amount ?? 0;

  const changed = () => {
    setQuoted(null);
    setErrors({});
    sending.setError(undefined);
  };

  const ask = () => {
    const problems: Record<string, string> = {};
    if (!beneficiary) problems.beneficiary_id = 'Choose a beneficiary';
    const tooLittle = amount === null || amount <= 0;
    setErrors(problems);
    sending.setError(tooLittle ? 'Enter an amount more than zero' : undefined);
    if (!beneficiary || amount === null || tooLittle) return;
    quote.mutate(
      { source_currency: source, target_currency: beneficiary.currency, send_amount: amount },
      {
        onSuccess: (q) => setQuoted({ quote: q, receivedAt: Date.now(), amount }),
        // More than the balance holds is refused here, before Send, on the amount.
        onError: (error) => sending.setError((error instanceof ApiError ? error.body?.issues?.[0]?.message : undefined) ?? errorMessage(error)),
      },
    );
  };

  const confirm = () => {
    if (!quoted || !beneficiary) return;
    send.mutate(
      { beneficiary_id: beneficiary.id, quote_id: quoted.quote.id, reference: reference || null },
      {
        onSuccess: (transfer) => {
          notifySuccess(
            transfer.status === 'awaiting_review'
              ? `Transfer of ${money(transfer.send)} is waiting for approval.`
              : `Transfer of ${money(transfer.send)} to ${transfer.beneficiary.holder_name} sent.`,
          );
          onClose();
        },
        onError: (error) => {
          const issue = error instanceof ApiError ? error.body?.issues?.[0] : undefined;
          setQuoted(null);
          const message = issue?.message ?? errorMessage(error);
          if (issue?.path === 'beneficiary_id') setErrors({ beneficiary_id: message });
          else sending.setError(message);
        },
      },
    );
  };

  return (
    <Stack gap="sm">
      <Select
        label="Beneficiary"
        placeholder={payees.isPending ? 'Loading beneficiaries' : 'Choose a beneficiary'}
        data={options.map((b) => ({ value: b.id, label: `${b.holder_name} · ${b.bank_name} ${maskAccount(b.account_last4)} (${b.currency.toUpperCase()})` }))}
        value={beneficiaryId}
        onChange={(v) => {
          setBeneficiaryId(v);
          changed();
        }}
        searchable
        required
        error={errors.beneficiary_id}
        nothingFoundMessage="No beneficiary: add one first"
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select
          label="From balance"
          data={balances.map((b) => ({ value: b.currency, label: `${b.currency.toUpperCase()} · ${money(b.available)} available` }))}
          value={source}
          onChange={(v) => {
            if (v) setSource(v);
            changed();
          }}
          allowDeselect={false}
          required
        />
        <MoneyInput {...sending.input(source)} label="Amount to send" description={`${formatMoneyWithCode(available, source)} available`} required />
      </SimpleGrid>
      <TextInput
        label="Reference"
        description="Optional: shown to the beneficiary"
        value={reference}
        onChange={(e) => setReference(e.currentTarget.value)}
        maxLength={140}
      />

      {quoted ? (
        <Paper withBorder radius="md" p="md" component="section" aria-label="Quote">
          <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
            <Fact label="You send">{money(quoted.quote.send)}</Fact>
            <Fact label="Fee">{money(quoted.quote.fee)}</Fact>
            <Fact label="Total">{money(quoted.quote.total)}</Fact>
            {rate ? <Fact label="Rate">{rate}</Fact> : null}
            <Fact label="They receive">{money(quoted.quote.receive)}</Fact>
            <Fact label="Quote expires in">
              <span role="timer" aria-live="off">
                {clock(secondsLeft)}
              </span>
            </Fact>
          </SimpleGrid>
          {quoted.quote.needs_approval ? (
            <Alert color="blue" mt="sm" title="This transfer will need approval">
              It is above your business&rsquo;s approval threshold: the amount and fee are held until someone else with the right to send money approves it.
            </Alert>
          ) : null}
          {secondsLeft === 0 ? (
            <Alert color="yellow" mt="sm" title="This quote has expired">
              Get a new quote to send.
            </Alert>
          ) : null}
        </Paper>
      ) : null}

      <Group justify="flex-end" mt="sm">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        {quoted && secondsLeft > 0 ? (
          <Button onClick={confirm} loading={send.isPending}>
            {quoted.quote.needs_approval ? `Send ${money(quoted.quote.total)} for approval` : `Send ${money(quoted.quote.total)}`}
          </Button>
        ) : (
          <Button onClick={ask} loading={quote.isPending}>
            Get quote
          </Button>
        )}
      </Group>
    </Stack>
  );
}
