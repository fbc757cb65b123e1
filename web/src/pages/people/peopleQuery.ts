import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { ApiError } from '../../lib/api';
import { fetchPeople, fetchPerson, PEOPLE_KEY, peopleListKey, personKey } from './peopleApi';

/** The filter asks the server (it knows the name variants) once typing pauses. */
export function useDebounced<T>(value: T, ms = 250): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return settled;
}

/** The list keeps showing the previous answer while a new filter is asked, so rows do not flash away. */
export function usePeopleList(q: string) {
  return useQuery({
    queryKey: peopleListKey(q.trim()),
    queryFn: () => fetchPeople(q),
    placeholderData: keepPreviousData,
  });
}

/** 404: another user's id, an unknown one, or one a merge has just removed. */
export const personMissing = (err: unknown) => err instanceof ApiError && (err.status === 404 || err.status === 400);

export function usePerson(id: string) {
  return useQuery({
    queryKey: personKey(id),
    queryFn: () => fetchPerson(id),
    retry: (count, err) => !personMissing(err) && count < 1,
  });
}

/** After a merge, split or rename every list and detail may have changed. */
export function useRefreshPeople() {
  const client = useQueryClient();
  return useCallback(() => client.invalidateQueries({ queryKey: PEOPLE_KEY }), [client]);
}
