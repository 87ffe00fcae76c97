/**
 * Group commit writes a whole batch of calls with ONE statement (one transaction, one round trip).
 * Input: [call, ...], a call being [{ streamId, expectedVersion: 'any' | '<n>', events: [{ id, type,
 * schemaVersion, data, metadata }] }, ...]. Answer: { transactionId, outcomes: [{ ok: true, streams:
 * [{ version, position }] } | { ok: false, conflict: { streamIndex, actualVersion } }
 * | { ok: false, error, code }] }, one outcome per call in input order.
 *
 * append_events_batch is the fast path, set-based and without subtransactions (which cost ~0.1 ms
 * each on PGlite, and past 64 per transaction overflow a server's subtransaction cache, slowing every
 * snapshot): it locks the streams it touches, replays the calls in order against their versions, and
 * writes the accepted ones with one insert. Any error (bad input, a new stream created meanwhile by
 * another transaction, a deadlock) aborts it whole; the caller then runs append_events_isolated,
 * which gives each call its own exception block (a savepoint) so only the failing call fails.
 * Written for PostgreSQL 13+ and PGlite. No `?` in here: knex would read it as a placeholder.
 */
export const appendFunctionsSql = `
create or replace function append_events_batch(calls jsonb) returns jsonb
language plpgsql as $fn$
declare
  existing jsonb;
  versions jsonb;
  before_call jsonb;
  call_streams jsonb;
  stream jsonb;
  stream_name text;
  current_version integer;
  expected text;
  conflict jsonb;
  conflicts jsonb[] := '{}';
  target_call integer[] := '{}';
  target_stream integer[] := '{}';
  target_first integer[] := '{}';
  target_last integer[] := '{}';
  call_target_count integer;
  positions text[];
  outcomes jsonb := '[]';
  stream_results jsonb;
  next_target integer := 1;
begin
  select coalesce(jsonb_object_agg(locked.stream_id, locked.version), '{}'::jsonb) into existing
  from (
    select s.stream_id, s.version from streams s
    -- The ids by path: joining the calls' elements (each a whole stream with its events) to the
    -- streams hashed and sorted those large values, ~20 ms for 16 ten-line sales.
    where s.stream_id = any (array(select jsonb_path_query(calls, '$[*][*].streamId') #>> '{}'))
    order by s.stream_id
    for update
  ) locked;

  versions := existing;
  for call_index in 0 .. jsonb_array_length(calls) - 1 loop
    call_streams := calls -> call_index;
    before_call := versions;
    conflict := null;
    call_target_count := 0;
    for stream_index in 0 .. jsonb_array_length(call_streams) - 1 loop
      stream := call_streams -> stream_index;
      stream_name := stream ->> 'streamId';
      current_version := (versions ->> stream_name)::integer;
      expected := stream ->> 'expectedVersion';
      if expected <> 'any' and coalesce(current_version, 0) <> expected::integer then
        conflict := jsonb_build_object('streamIndex', stream_index, 'actualVersion', current_version);
        exit;
      end if;
      versions := jsonb_set(versions, array[stream_name],
        to_jsonb(coalesce(current_version, 0) + jsonb_array_length(stream -> 'events')));
      target_call := array_append(target_call, call_index);
      target_stream := array_append(target_stream, stream_index);
      target_first := array_append(target_first, coalesce(current_version, 0) + 1);
      target_last := array_append(target_last, (versions ->> stream_name)::integer);
      call_target_count := call_target_count + 1;
    end loop;
    if conflict is not null then
      versions := before_call;
      target_call := target_call[1 : cardinality(target_call) - call_target_count];
      target_stream := target_stream[1 : cardinality(target_stream) - call_target_count];
      target_first := target_first[1 : cardinality(target_first) - call_target_count];
      target_last := target_last[1 : cardinality(target_last) - call_target_count];
    end if;
    conflicts := array_append(conflicts, conflict);
  end loop;

  update streams s set version = (versions ->> s.stream_id)::integer
  from jsonb_each(existing) as old(stream_id, version)
  where s.stream_id = old.stream_id and (versions ->> s.stream_id)::integer <> s.version;

  -- A plain insert: if another transaction created one of these streams meanwhile, this fails.
  insert into streams (stream_id, version)
  select created.key, created.value::integer from jsonb_each_text(versions) as created
  where (existing -> created.key) is null
  order by created.key;

  with targets as (
    select t.ordinal, t.first_version, calls -> t.call_index -> t.stream_index as stream
    from unnest(target_call, target_stream, target_first) with ordinality as t(call_index, stream_index, first_version, ordinal)
  ), written as (
    insert into events (event_id, stream_id, stream_version, type, schema_version, data, metadata)
    select (e.event ->> 'id')::uuid, targets.stream ->> 'streamId', targets.first_version + e.ordinal::integer - 1,
           e.event ->> 'type', (e.event ->> 'schemaVersion')::integer, e.event -> 'data', e.event -> 'metadata'
    from targets, jsonb_array_elements(targets.stream -> 'events') with ordinality as e(event, ordinal)
    order by targets.ordinal, e.ordinal
    returning stream_id, stream_version, global_position
  )
  select array_agg(written.global_position::text order by t.ordinal) into positions
  from unnest(target_call, target_stream, target_last) with ordinality as t(call_index, stream_index, last_version, ordinal)
  join written on written.stream_id = calls -> t.call_index -> t.stream_index ->> 'streamId'
    and written.stream_version = t.last_version;

  for call_index in 0 .. jsonb_array_length(calls) - 1 loop
    if conflicts[call_index + 1] is not null then
      outcomes := outcomes || jsonb_build_array(jsonb_build_object('ok', false, 'conflict', conflicts[call_index + 1]));
      continue;
    end if;
    stream_results := '[]';
    for stream_index in 0 .. jsonb_array_length(calls -> call_index) - 1 loop
      stream_results := stream_results || jsonb_build_array(jsonb_build_object(
        'version', target_last[next_target], 'position', positions[next_target]));
      next_target := next_target + 1;
    end loop;
    outcomes := outcomes || jsonb_build_array(jsonb_build_object('ok', true, 'streams', stream_results));
  end loop;
  return jsonb_build_object('transactionId', pg_current_xact_id_if_assigned()::text, 'outcomes', outcomes);
end
$fn$;

create or replace function append_events_isolated(calls jsonb) returns jsonb
language plpgsql as $fn$
declare
  call_streams jsonb;
  stream jsonb;
  stream_index integer;
  stream_results jsonb;
  outcomes jsonb := '[]';
  event_count integer;
  expected text;
  new_version integer;
  last_position bigint;
  actual_version integer;
begin
  for call_streams in select value from jsonb_array_elements(calls) with ordinality as c(value, ordinal) order by ordinal loop
    begin
      stream_results := '[]';
      stream_index := 0;
      for stream in select value from jsonb_array_elements(call_streams) with ordinality as s(value, ordinal) order by ordinal loop
        event_count := jsonb_array_length(stream -> 'events');
        expected := stream ->> 'expectedVersion';
        new_version := null;
        if expected = 'any' then
          insert into streams as current (stream_id, version) values (stream ->> 'streamId', event_count)
          on conflict (stream_id) do update set version = current.version + excluded.version
          returning version into new_version;
        elsif expected = '0' then
          insert into streams (stream_id, version) values (stream ->> 'streamId', event_count)
          on conflict (stream_id) do nothing
          returning version into new_version;
        else
          -- Under READ COMMITTED a racing writer waits for this row, then re-checks the version.
          update streams set version = version + event_count
          where stream_id = stream ->> 'streamId' and version = expected::integer
          returning version into new_version;
        end if;
        if new_version is null then
          raise exception using errcode = 'ES409', message = 'wrong expected version';
        end if;

        with written as (
          insert into events (event_id, stream_id, stream_version, type, schema_version, data, metadata)
          select (e ->> 'id')::uuid, stream ->> 'streamId', new_version - event_count + ordinal::integer,
                 e ->> 'type', (e ->> 'schemaVersion')::integer, e -> 'data', e -> 'metadata'
          from jsonb_array_elements(stream -> 'events') with ordinality as input(e, ordinal)
          order by ordinal
          returning global_position
        )
        select max(global_position) into last_position from written;

        stream_results := stream_results || jsonb_build_array(
          jsonb_build_object('version', new_version, 'position', last_position::text));
        stream_index := stream_index + 1;
      end loop;
      outcomes := outcomes || jsonb_build_array(jsonb_build_object('ok', true, 'streams', stream_results));
    exception
      when sqlstate 'ES409' then
        select version into actual_version from streams where stream_id = call_streams -> stream_index ->> 'streamId';
        outcomes := outcomes || jsonb_build_array(jsonb_build_object(
          'ok', false, 'conflict', jsonb_build_object('streamIndex', stream_index, 'actualVersion', actual_version)));
      when others then
        outcomes := outcomes || jsonb_build_array(jsonb_build_object('ok', false, 'error', sqlerrm, 'code', sqlstate));
    end;
  end loop;
  return jsonb_build_object('transactionId', pg_current_xact_id_if_assigned()::text, 'outcomes', outcomes);
end
$fn$;
`;
