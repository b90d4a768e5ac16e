//! Rayon over a list, except when the list holds one item: asking rayon anything starts its
//! global pool (one thread per core), which costs more than checking a one-line file.

use rayon::prelude::*;

/// `items.into_par_iter_unless_single().map(f).collect()`: rayon's indexed map (input order
/// kept), run on the calling thread when there is at most one item.
pub trait IntoParUnlessSingle<T> {
    fn into_par_iter_unless_single(self) -> ParUnlessSingle<T>;
}

impl<T: Send> IntoParUnlessSingle<T> for Vec<T> {
    fn into_par_iter_unless_single(self) -> ParUnlessSingle<T> {
        ParUnlessSingle(self)
    }
}

pub struct ParUnlessSingle<T>(Vec<T>);

impl<T: Send> ParUnlessSingle<T> {
    pub fn map<R: Send, F: Fn(T) -> R + Sync + Send>(self, f: F) -> ParUnlessSingleMap<T, F> {
        ParUnlessSingleMap { items: self.0, f }
    }
}

pub struct ParUnlessSingleMap<T, F> {
    items: Vec<T>,
    f: F,
}

impl<T: Send, R: Send, F: Fn(T) -> R + Sync + Send> ParUnlessSingleMap<T, F> {
    pub fn collect<C: FromIterator<R> + FromParallelIterator<R>>(self) -> C {
        if self.items.len() <= 1 {
            self.items.into_iter().map(self.f).collect()
        } else {
            self.items.into_par_iter().map(self.f).collect()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_order_and_runs_a_single_item_on_this_thread() {
        let here = std::thread::current().id();
        let one: Vec<bool> = vec![1]
            .into_par_iter_unless_single()
            .map(|_| std::thread::current().id() == here)
            .collect();
        assert_eq!(one, [true]);
        let many: Vec<u32> = (0..100u32)
            .collect::<Vec<_>>()
            .into_par_iter_unless_single()
            .map(|n| n * 2)
            .collect();
        assert_eq!(many, (0..100).map(|n| n * 2).collect::<Vec<_>>());
    }
}
