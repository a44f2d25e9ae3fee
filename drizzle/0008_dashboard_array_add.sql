-- Written by hand: the element-wise sum of video_view_blocks' running totals (0003), which every
-- counted view of a video with views earlier in its 128-day block applies once, as a loop instead
-- of unnest … WITH ORDINALITY and an ordered array_agg: 12 µs instead of 30 per 128-day block.
-- Same name, arguments and result, so int_arrays_sum and the view triggers keep using it.
CREATE OR REPLACE FUNCTION int_arrays_add(a integer[], b integer[]) RETURNS integer[]
LANGUAGE plpgsql IMMUTABLE STRICT AS $fn$
BEGIN
  FOR i IN 1 .. cardinality(a) LOOP
    a[i] := a[i] + b[i];
  END LOOP;
  RETURN a;
END $fn$;
